// where each sample of a json sample file sits in its text: nlohmann::json keeps no positions after
// parsing, so the (already validated) text is scanned once more for the line and column of every sample,
// every field of it and every number inside a field, so errors can name them like the csv reader does.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace js::fit {

// a 1-based line and column (in bytes); 0 when unknown.
struct TextPosition {
  int line = 0;
  int column = 0;
};

struct JsonFieldLocation {
  TextPosition value;                 // start of the field's value
  std::vector<TextPosition> numbers;  // scalars inside it (nested arrays flattened), in order
};

struct JsonSampleLocation {
  TextPosition start;                               // the sample's opening brace
  std::map<std::string, JsonFieldLocation> fields;  // by key
};

// the elements of the top-level "samples" array of a valid json document, in order (empty when absent).
std::vector<JsonSampleLocation> locate_json_samples(const std::string& text);

// line and column of byte offset `offset` in text.
TextPosition text_position(const std::string& text, std::size_t offset);

}  // namespace js::fit
