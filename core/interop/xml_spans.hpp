// where each element of an xml text lies, as character offsets, so a model can be edited by splicing: the text
// outside an edited element stays byte for byte as it was. (tinyxml2 gives line numbers but no offsets.)
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace js::interop {

struct XmlSpan {
  std::string name;            // tag name
  std::string name_attribute;  // value of its name="…" attribute, raw (entities not expanded); empty if none
  std::size_t begin = 0;       // offset of '<' of the start tag
  std::size_t open_end = 0;    // offset just past the start tag's '>'
  std::size_t close_begin = 0; // offset of '<' of the end tag (== open_end for <a/>)
  std::size_t end = 0;         // offset just past the element's last '>'
  int line = 1;                // 1-based line of the start tag (as tinyxml2 counts them)
  int parent = -1;             // index of the enclosing element, −1 for the root
  int depth = 0;
  bool self_closing = false;

  std::size_t content_size() const { return close_begin - open_end; }
};

// every element in document order (a parent before its children). comments, CDATA, processing instructions and
// <!…> declarations are skipped; quoted attribute values may hold '>' and '/'. throws io::FileError (no source: the
// caller names the file) at the line of the first mismatched or unterminated construct (the caller parses with tinyxml2 first, so this only
// happens on text tinyxml2 accepts but this scanner does not).
std::vector<XmlSpan> scan_xml_spans(std::string_view text);

// the direct children of span index `parent` (indices into spans), optionally only those called name.
std::vector<int> xml_children(const std::vector<XmlSpan>& spans, int parent, std::string_view name = {});

// the leading whitespace of the line holding offset pos (the indentation of an element starting there).
std::string line_indent(std::string_view text, std::size_t pos);

}  // namespace js::interop
