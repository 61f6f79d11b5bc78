#include "core/interop/xml_spans.hpp"

#include "core/io/file_error.hpp"

namespace js::interop {

namespace {

bool name_char(char c) {
  return !(c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '>' || c == '/' || c == '=' || c == '\0');
}

struct Scanner {
  std::string_view t;
  std::size_t i = 0;
  int line = 1;

  [[noreturn]] void fail(int at_line, const std::string& what) const {
    throw io::FileError(io::ErrorKind::Syntax, io::Location{.line = at_line}, what);
  }
  // moves i to just past `until`, counting lines; fails naming `what` when it never comes
  void skip_past(std::string_view until, const char* what) {
    const int start = line;
    const std::size_t k = t.find(until, i);
    if (k == std::string_view::npos) fail(start, std::string("unterminated ") + what);
    for (std::size_t j = i; j < k + until.size(); ++j) line += t[j] == '\n';
    i = k + until.size();
  }
  void advance() {
    line += t[i] == '\n';
    ++i;
  }
};

}  // namespace

std::vector<XmlSpan> scan_xml_spans(std::string_view text) {
  Scanner s{text};
  std::vector<XmlSpan> spans;
  std::vector<int> open;
  while (s.i < text.size()) {
    if (text[s.i] != '<') {
      s.advance();
      continue;
    }
    const std::string_view rest = text.substr(s.i);
    if (rest.starts_with("<!--")) {
      s.skip_past("-->", "comment");
    } else if (rest.starts_with("<![CDATA[")) {
      s.skip_past("]]>", "CDATA section");
    } else if (rest.starts_with("<?")) {
      s.skip_past("?>", "processing instruction");
    } else if (rest.starts_with("<!")) {
      s.skip_past(">", "declaration");
    } else if (rest.starts_with("</")) {
      const int at = s.line;
      const std::size_t begin = s.i;
      std::size_t j = s.i + 2;
      while (j < text.size() && name_char(text[j])) ++j;
      const std::string_view name = text.substr(s.i + 2, j - s.i - 2);
      if (open.empty()) s.fail(at, "end tag </" + std::string(name) + "> without a start tag");
      XmlSpan& e = spans[static_cast<std::size_t>(open.back())];
      if (e.name != name) s.fail(at, "end tag </" + std::string(name) + "> closes <" + e.name + "> (line " + std::to_string(e.line) + ")");
      s.skip_past(">", "end tag");
      e.close_begin = begin;
      e.end = s.i;
      open.pop_back();
    } else {
      XmlSpan e;
      e.begin = s.i;
      e.line = s.line;
      e.parent = open.empty() ? -1 : open.back();
      e.depth = static_cast<int>(open.size());
      s.i += 1;
      while (s.i < text.size() && name_char(text[s.i])) ++s.i;
      e.name = std::string(text.substr(e.begin + 1, s.i - e.begin - 1));
      if (e.name.empty()) s.fail(e.line, "'<' not followed by a tag name");
      // attributes: name = "value" | 'value', until > or />
      while (true) {
        while (s.i < text.size() && (text[s.i] == ' ' || text[s.i] == '\t' || text[s.i] == '\n' || text[s.i] == '\r')) s.advance();
        if (s.i >= text.size()) s.fail(e.line, "unterminated start tag <" + e.name + ">");
        if (text[s.i] == '>') {
          ++s.i;
          break;
        }
        if (text[s.i] == '/' && s.i + 1 < text.size() && text[s.i + 1] == '>') {
          s.i += 2;
          e.self_closing = true;
          break;
        }
        const std::size_t a = s.i;
        while (s.i < text.size() && name_char(text[s.i])) ++s.i;
        const std::string_view attribute = text.substr(a, s.i - a);
        while (s.i < text.size() && (text[s.i] == ' ' || text[s.i] == '\t' || text[s.i] == '\n' || text[s.i] == '\r')) s.advance();
        if (attribute.empty() || s.i >= text.size() || text[s.i] != '=') s.fail(e.line, "malformed attribute in <" + e.name + ">");
        s.advance();
        while (s.i < text.size() && (text[s.i] == ' ' || text[s.i] == '\t' || text[s.i] == '\n' || text[s.i] == '\r')) s.advance();
        if (s.i >= text.size() || (text[s.i] != '"' && text[s.i] != '\'')) s.fail(e.line, "unquoted attribute in <" + e.name + ">");
        const char quote = text[s.i];
        s.advance();
        const std::size_t v = s.i;
        s.skip_past(std::string_view(&quote, 1), "attribute value");
        if (attribute == "name") e.name_attribute = std::string(text.substr(v, s.i - 1 - v));
      }
      e.open_end = s.i;
      if (e.self_closing) {
        e.close_begin = e.end = s.i;
      }
      spans.push_back(std::move(e));
      if (!spans.back().self_closing) open.push_back(static_cast<int>(spans.size()) - 1);
    }
  }
  if (!open.empty()) {
    const XmlSpan& e = spans[static_cast<std::size_t>(open.back())];
    throw io::FileError(io::ErrorKind::Syntax, io::Location{.line = e.line}, "<" + e.name + "> is never closed");
  }
  return spans;
}

std::vector<int> xml_children(const std::vector<XmlSpan>& spans, int parent, std::string_view name) {
  std::vector<int> out;
  const std::size_t from = parent < 0 ? 0 : static_cast<std::size_t>(parent) + 1;
  for (std::size_t k = from; k < spans.size(); ++k) {
    if (parent >= 0 && spans[k].begin >= spans[static_cast<std::size_t>(parent)].end) break;
    if (spans[k].parent == parent && (name.empty() || spans[k].name == name)) out.push_back(static_cast<int>(k));
  }
  return out;
}

std::string line_indent(std::string_view text, std::size_t pos) {
  std::size_t start = text.rfind('\n', pos == 0 ? 0 : pos - 1);
  start = start == std::string_view::npos ? 0 : start + 1;
  std::size_t k = start;
  while (k < text.size() && (text[k] == ' ' || text[k] == '\t')) ++k;
  return std::string(text.substr(start, k - start));
}

}  // namespace js::interop
