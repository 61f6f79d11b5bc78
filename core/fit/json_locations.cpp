#include "core/fit/json_locations.hpp"

namespace js::fit {

namespace {

// a structural walk over valid json, tracking line and column
class Scanner {
 public:
  explicit Scanner(const std::string& t) : t_(t) {}

  std::vector<JsonSampleLocation> samples() {
    std::vector<JsonSampleLocation> out;
    space();
    if (peek() != '{') return out;
    object([&](const std::string& key) {
      if (key == "samples" && peek() == '[') {
        array([&] {
          JsonSampleLocation s;
          s.start = position();
          if (peek() == '{') {
            object([&](const std::string& field) {
              JsonFieldLocation f;
              f.value = position();
              value(&f.numbers);
              s.fields[field] = std::move(f);
            });
          } else {
            value(nullptr);
          }
          out.push_back(std::move(s));
        });
      } else {
        value(nullptr);
      }
    });
    return out;
  }

 private:
  char peek() const { return i_ < t_.size() ? t_[i_] : '\0'; }
  TextPosition position() const { return {line_, static_cast<int>(i_ - line_start_) + 1}; }
  void advance() {
    if (t_[i_] == '\n') {
      ++line_;
      line_start_ = i_ + 1;
    }
    ++i_;
  }
  void space() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\r' || t_[i_] == '\n')) advance();
  }
  std::string string() {
    std::string s;
    advance();  // opening quote
    while (i_ < t_.size() && t_[i_] != '"') {
      if (t_[i_] == '\\') advance();
      s += t_[i_];
      advance();
    }
    if (i_ < t_.size()) advance();
    return s;
  }
  // "{" key ":" value ("," key ":" value)* "}", calling on_field with the cursor at each value
  template <typename F>
  void object(F on_field) {
    advance();
    space();
    while (i_ < t_.size() && peek() != '}') {
      const std::string key = string();
      space();
      advance();  // ':'
      space();
      on_field(key);
      space();
      if (peek() == ',') advance();
      space();
    }
    if (i_ < t_.size()) advance();
  }
  template <typename F>
  void array(F on_element) {
    advance();
    space();
    while (i_ < t_.size() && peek() != ']') {
      on_element();
      space();
      if (peek() == ',') advance();
      space();
    }
    if (i_ < t_.size()) advance();
  }
  void value(std::vector<TextPosition>* numbers) {
    space();
    const char c = peek();
    if (c == '{') {
      object([&](const std::string&) { value(nullptr); });
    } else if (c == '[') {
      array([&] { value(numbers); });
    } else if (c == '"') {
      if (numbers != nullptr) numbers->push_back(position());
      string();
    } else {
      if (numbers != nullptr) numbers->push_back(position());
      while (i_ < t_.size() && t_[i_] != ',' && t_[i_] != ']' && t_[i_] != '}' && t_[i_] != ' ' && t_[i_] != '\n' &&
             t_[i_] != '\t' && t_[i_] != '\r') {
        advance();
      }
    }
  }

  const std::string& t_;
  std::size_t i_ = 0;
  int line_ = 1;
  std::size_t line_start_ = 0;
};

}  // namespace

std::vector<JsonSampleLocation> locate_json_samples(const std::string& text) { return Scanner(text).samples(); }

TextPosition text_position(const std::string& text, std::size_t offset) {
  TextPosition p{1, 1};
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

}  // namespace js::fit
