#include "core/interop/osim_markers.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "core/interop/euler.hpp"
#include "core/interop/osim_file.hpp"
#include "core/interop/osim_model_parts.hpp"

namespace js::interop {

namespace {

using detail::XMLElement;

bool in_defaults(const XMLElement* e) {
  for (const tinyxml2::XMLNode* p = e->Parent(); p; p = p->Parent()) {
    if (p->ToElement() && std::strcmp(p->ToElement()->Name(), "defaults") == 0) return true;
  }
  return false;
}

void collect(const XMLElement* e, const char* name, std::vector<const XMLElement*>& out) {
  for (const XMLElement* c = e->FirstChildElement(); c; c = c->NextSiblingElement()) {
    if (std::strcmp(c->Name(), "defaults") == 0) continue;
    if (std::strcmp(c->Name(), name) == 0) out.push_back(c);
    collect(c, name, out);
  }
}

// the name attribute of the element holding e's parent chain, e.g. the joint an offset frame belongs to
std::string owner_name(const XMLElement* e) {
  for (const tinyxml2::XMLNode* p = e->Parent(); p; p = p->Parent()) {
    const XMLElement* q = p->ToElement();
    if (q && q->Attribute("name") && std::strcmp(q->Name(), "frames") != 0) return q->Attribute("name");
  }
  return "";
}

struct Frames {
  std::map<std::string, bool> bodies;                       // body names (and "ground")
  std::multimap<std::string, const XMLElement*> offsets;    // PhysicalOffsetFrames by name

  // the body a frame path names and the frame in that body; false when it resolves to neither
  bool resolve(const std::string& path, SE3& body_T_frame, std::string& body, int depth = 0) const {
    const std::string name = detail::last_path_part(path);
    if (bodies.count(name)) {
      body = name;
      body_T_frame = SE3{};
      return true;
    }
    if (depth > 16) return false;
    // an offset frame of that name; with a longer path, the one whose owner the path names
    const XMLElement* f = nullptr;
    const std::size_t slash = path.find_last_of('/');
    const std::string owner = slash == std::string::npos || slash == 0 ? "" : detail::last_path_part(path.substr(0, slash));
    for (auto [a, b] = offsets.equal_range(name); a != b; ++a) {
      if (!f || (!owner.empty() && owner_name(a->second) == owner)) f = a->second;
    }
    if (!f) return false;
    const XMLElement* parent = f->FirstChildElement("socket_parent");
    if (!parent) return false;
    SE3 T;
    if (const XMLElement* t = f->FirstChildElement("translation")) T.p = detail::element_vec3(t);
    if (const XMLElement* o = f->FirstChildElement("orientation")) T.R = compose_body_fixed({0, 1, 2}, detail::element_vec3(o));
    SE3 up;
    if (!resolve(detail::element_text(parent), up, body, depth + 1)) return false;
    body_T_frame = up * T;
    return true;
  }
};

}  // namespace

std::vector<const OsimMarker*> OsimMarkerSet::on_body(const std::string& body) const {
  std::vector<const OsimMarker*> out;
  for (const OsimMarker& m : markers) {
    if (m.body == body) out.push_back(&m);
  }
  return out;
}

std::vector<std::string> OsimMarkerSet::bodies() const {
  std::vector<std::string> out;
  for (const OsimMarker& m : markers) {
    if (!m.body.empty() && std::find(out.begin(), out.end(), m.body) == out.end()) out.push_back(m.body);
  }
  return out;
}

OsimMarkerSet read_osim_markers_text(const std::string& text, const std::string& source) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.c_str(), text.size()) != tinyxml2::XML_SUCCESS) {
    throw OsimError(OsimErrorKind::Syntax, source, doc.ErrorLineNum(), "", std::string("invalid XML: ") + doc.ErrorStr());
  }
  OsimMarkerSet set;
  set.source = source;
  const XMLElement* root = doc.RootElement();
  if (!root) return set;
  Frames frames;
  frames.bodies["ground"] = true;
  std::vector<const XMLElement*> found;
  collect(root, "Body", found);
  for (const XMLElement* b : found) {
    if (b->Attribute("name")) frames.bodies[b->Attribute("name")] = true;
  }
  found.clear();
  collect(root, "PhysicalOffsetFrame", found);
  for (const XMLElement* f : found) {
    if (f->Attribute("name")) frames.offsets.emplace(f->Attribute("name"), f);
  }
  std::vector<const XMLElement*> sets, markers;
  collect(root, "MarkerSet", sets);
  for (const XMLElement* s : sets) {
    if (in_defaults(s)) continue;
    collect(s, "Marker", markers);
  }
  for (const XMLElement* e : markers) {
    OsimMarker m;
    m.name = e->Attribute("name") ? e->Attribute("name") : "";
    m.line = e->GetLineNum();
    const std::string where = source + ":" + std::to_string(m.line) + ": " + detail::element_tag(e) + ": ";
    try {
      if (const XMLElement* s = e->FirstChildElement("socket_parent_frame")) {
        m.frame = detail::element_text(s);
      } else if (const XMLElement* b = e->FirstChildElement("body")) {
        m.frame = detail::element_text(b);  // OpenSim 3
      } else {
        throw detail::ElementError{e, "no <socket_parent_frame> (or <body>) names the frame it is on"};
      }
      m.frame.erase(0, m.frame.find_first_not_of(" \t\r\n"));
      m.frame.erase(m.frame.find_last_not_of(" \t\r\n") + 1);
      m.location = detail::element_vec3(detail::required_child(e, "location"));
      m.fixed = detail::element_flag(e, "fixed");
    } catch (const detail::ElementError& err) {
      set.problems.push_back(source + ":" + std::to_string(err.element->GetLineNum()) + ": " + detail::element_tag(err.element) + ": " + err.reason +
                             " (marker left out)");
      continue;
    }
    SE3 body_T_frame;
    try {
      if (frames.resolve(m.frame, body_T_frame, m.body)) {
        m.location_in_body = body_T_frame.act(m.location);
      } else {
        m.body.clear();
        set.problems.push_back(where + "frame '" + m.frame + "' is neither a body nor an offset frame of the model (no body for this marker)");
      }
    } catch (const detail::ElementError& err) {
      m.body.clear();
      set.problems.push_back(where + "its frame '" + m.frame + "' cannot be followed to a body: line " +
                             std::to_string(err.element->GetLineNum()) + ": " + err.reason);
    }
    set.markers.push_back(m);
  }
  return set;
}

namespace {

// lower case, letters and digits only
std::string plain_name(const std::string& name) {
  std::string s;
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c))) s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return s;
}

}  // namespace

const OsimMarker* find_osim_marker(const OsimMarkerSet& set, const std::string& name) {
  for (const OsimMarker& m : set.markers) {
    if (m.name == name) return &m;
  }
  const OsimMarker* found = nullptr;
  int count = 0;
  for (const OsimMarker& m : set.markers) {
    if (plain_name(m.name) == plain_name(name)) {
      found = &m;
      ++count;
    }
  }
  return count == 1 ? found : nullptr;
}

std::vector<TrcMarkerMatch> trc_markers_on_body(const OsimMarkerSet& set, const TrcData& trc, const std::string& body) {
  const std::vector<const OsimMarker*> all = set.on_body(body);
  auto list = [](const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
    return s.empty() ? std::string("none") : s;
  };
  if (all.empty()) {
    throw std::invalid_argument(set.source + ": no marker of the MarkerSet is on body '" + body + "' (bodies with markers: " + list(set.bodies()) + ")");
  }
  std::vector<TrcMarkerMatch> out;
  std::vector<std::string> in_model, absent, never;
  for (const OsimMarker* m : all) {
    in_model.push_back(m->name);
    int k = trc.find_marker(m->name);
    if (k < 0) {
      int count = 0;
      for (std::size_t t = 0; t < trc.markers.size(); ++t) {
        if (plain_name(trc.markers[t]) == plain_name(m->name)) {
          k = static_cast<int>(t);
          ++count;
        }
      }
      if (count != 1) k = -1;
    }
    if (k < 0) {
      absent.push_back(m->name);
      continue;
    }
    bool seen = false;
    for (int f = 0; f < trc.frames() && !seen; ++f) seen = trc.present(f, k);
    if (!seen) {
      never.push_back(m->name);
      continue;
    }
    out.push_back({m, trc.markers[static_cast<std::size_t>(k)]});
  }
  if (out.size() < 3) {
    std::vector<std::string> have;
    have.reserve(out.size());
    for (const TrcMarkerMatch& m : out) have.push_back(m.trc_name);
    throw std::invalid_argument(set.source + ": body '" + body + "' has " + std::to_string(all.size()) + " marker(s) in the model (" + list(in_model) +
                                "); " + trc.source + " has " + std::to_string(out.size()) + " of them (" + list(have) + ")" +
                                (absent.empty() ? "" : "; not in the .trc: " + list(absent)) +
                                (never.empty() ? "" : "; missing in every frame: " + list(never)) +
                                "; a cluster needs at least 3 (name them with --parent-markers / --child-markers)");
  }
  return out;
}

OsimMarkerSet read_osim_markers(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw OsimError(OsimErrorKind::Io, path, 0, "", "cannot open the file");
  std::stringstream ss;
  ss << in.rdbuf();
  return read_osim_markers_text(ss.str(), path);
}

MarkerReferences marker_references(const OsimMarkerSet& set, const std::vector<std::string>& names) {
  MarkerReferences out;
  for (const std::string& name : names) {
    const OsimMarker* m = find_osim_marker(set, name);
    if (!m) throw std::invalid_argument(set.source + ": marker '" + name + "' is not in the model's MarkerSet");
    if (!out.body.empty() && m->body != out.body) {
      throw std::invalid_argument(set.source + ": markers '" + names.front() + "' and '" + name + "' are on different bodies (" + out.body + ", " + m->body + ")");
    }
    out.body = m->body;
    out.locations.push_back(m->location_in_body);
  }
  return out;
}

}  // namespace js::interop
