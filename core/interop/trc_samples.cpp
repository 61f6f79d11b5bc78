#include "core/interop/trc_samples.hpp"

#include <Eigen/SVD>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "core/io/file_error.hpp"

namespace js::interop {

SE3 fit_cluster_pose(const std::vector<Vec3>& reference, const std::vector<Vec3>& observed, double* rms) {
  const std::vector<Vec3>& a = reference;
  const std::vector<Vec3>& b = observed;
  if (a.size() != b.size() || a.size() < 3) throw std::invalid_argument("a cluster pose needs at least 3 pairs of points");
  Vec3 ca = Vec3::Zero(), cb = Vec3::Zero();
  for (std::size_t i = 0; i < a.size(); ++i) {
    ca += a[i];
    cb += b[i];
  }
  ca /= static_cast<double>(a.size());
  cb /= static_cast<double>(b.size());
  Mat3 H = Mat3::Zero();
  for (std::size_t i = 0; i < a.size(); ++i) H += (a[i] - ca) * (b[i] - cb).transpose();
  const Eigen::JacobiSVD<Mat3> svd(H, Eigen::ComputeFullU | Eigen::ComputeFullV);
  const Mat3& U = svd.matrixU();
  const Mat3& V = svd.matrixV();
  Mat3 D = Mat3::Identity();
  D(2, 2) = (V * U.transpose()).determinant() < 0.0 ? -1.0 : 1.0;  // reflection guard
  SE3 T;
  T.R = V * D * U.transpose();
  T.p = cb - T.R * ca;
  if (rms) {
    double sum = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) sum += (T.R * a[i] + T.p - b[i]).squaredNorm();
    *rms = std::sqrt(sum / static_cast<double>(a.size()));
  }
  return T;
}

double cluster_spread(const std::vector<Vec3>& points) {
  if (points.size() < 2) return 0.0;
  Vec3 c = Vec3::Zero();
  for (const Vec3& p : points) c += p;
  c /= static_cast<double>(points.size());
  Mat3 M = Mat3::Zero();
  for (const Vec3& p : points) M += (p - c) * (p - c).transpose();
  const Eigen::JacobiSVD<Mat3> svd(M);
  const Vec3& s = svd.singularValues();  // of the scatter: squares of the point set's singular values
  return s[0] > 0.0 ? std::sqrt(s[1] / s[0]) : 0.0;
}

namespace {

std::vector<int> marker_indices(const TrcData& trc, const std::vector<std::string>& names, const char* which) {
  if (names.size() < 3) {
    throw std::invalid_argument(trc.source + ": the " + std::string(which) + " cluster has " + std::to_string(names.size()) +
                                " marker(s); a pose needs at least 3");
  }
  std::vector<int> idx;
  for (const std::string& n : names) {
    const int k = trc.find_marker(n);
    if (k < 0) {
      std::string all;
      for (const std::string& m : trc.markers) all += (all.empty() ? "" : ", ") + m;
      throw std::invalid_argument(trc.source + ": no marker '" + n + "' (" + which + " cluster); the file has " + all);
    }
    if (std::find(idx.begin(), idx.end(), k) != idx.end()) throw std::invalid_argument(trc.source + ": marker '" + n + "' named twice in the " + which + " cluster");
    bool ever = false;
    for (int f = 0; f < trc.frames() && !ever; ++f) ever = trc.present(f, k);
    if (!ever) throw std::invalid_argument(trc.source + ": marker '" + n + "' (" + which + " cluster) is missing in every frame");
    idx.push_back(k);
  }
  return idx;
}

std::string names_of(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

void check_spread(const std::vector<Vec3>& points, const std::vector<std::string>& names, double min_spread, const std::string& where) {
  const double spread = cluster_spread(points);
  if (spread < min_spread) {
    char buf[160];
    std::snprintf(buf, sizeof buf, " (spread %.3g, need ≥ %.3g): their pose about the line through them is undetermined", spread, min_spread);
    throw std::invalid_argument(where + ": markers " + names_of(names) + " are collinear" + buf);
  }
}

}  // namespace

TrcSampleResult trc_samples(const TrcData& trc, const TrcSampleOptions& o) {
  const std::vector<int> pi = marker_indices(trc, o.parent_markers, "parent");
  const std::vector<int> ci = marker_indices(trc, o.child_markers, "child");
  for (int k : pi) {
    if (std::find(ci.begin(), ci.end(), k) != ci.end()) {
      throw std::invalid_argument(trc.source + ": marker '" + trc.markers[static_cast<std::size_t>(k)] + "' is in both clusters");
    }
  }
  const auto complete = [&](int f) {
    for (int k : pi) if (!trc.present(f, k)) return false;
    for (int k : ci) if (!trc.present(f, k)) return false;
    return true;
  };
  const auto gather = [&](int f, const std::vector<int>& idx) {
    std::vector<Vec3> p;
    p.reserve(idx.size());
    for (int k : idx) p.push_back(trc.position(f, k));
    return p;
  };
  TrcSampleResult r;
  r.total_frames = trc.frames();
  std::vector<Vec3> pref = o.parent_reference, cref = o.child_reference;
  if (pref.empty() != cref.empty()) throw std::invalid_argument("give reference positions for both clusters or for neither");
  if (pref.empty()) {
    for (int f = 0; f < trc.frames() && r.reference_frame < 0; ++f) {
      if (complete(f)) r.reference_frame = f;
    }
    if (r.reference_frame < 0) {
      throw std::invalid_argument(trc.source + ": no frame has every marker of both clusters (" + names_of(o.parent_markers) + "; " +
                                  names_of(o.child_markers) + ")");
    }
    pref = gather(r.reference_frame, pi);
    cref = gather(r.reference_frame, ci);
    // each cluster's frame sits at its centroid (lab-aligned at the reference frame), so the child origin is a
    // point of the shank, not the far-away lab origin whose lever arm turns rotation noise into millimetres
    for (std::vector<Vec3>* ref : {&pref, &cref}) {
      Vec3 c = Vec3::Zero();
      for (const Vec3& p : *ref) c += p;
      c /= static_cast<double>(ref->size());
      for (Vec3& p : *ref) p -= c;
    }
  } else if (pref.size() != pi.size() || cref.size() != ci.size()) {
    throw std::invalid_argument("reference positions and marker names differ in number");
  }
  const std::string where = r.reference_frame >= 0 ? trc.source + ":" + std::to_string(trc.lines[static_cast<std::size_t>(r.reference_frame)])
                                                   : std::string("the model's MarkerSet");
  check_spread(pref, o.parent_markers, o.min_spread, where);
  check_spread(cref, o.child_markers, o.min_spread, where);

  r.samples.dof = 1;
  r.samples.has_q = o.mot != nullptr;
  r.samples.source = trc.source;
  for (int f = 0; f < trc.frames(); ++f) {
    if (!complete(f)) {
      ++r.skipped_missing;
      continue;
    }
    double q = 0.0;
    if (o.mot && !o.mot->value_at(o.mot_column, trc.times[static_cast<std::size_t>(f)], q)) {
      ++r.skipped_outside_mot;
      continue;
    }
    double prms = 0.0, crms = 0.0;
    const SE3 lab_T_parent = fit_cluster_pose(pref, gather(f, pi), &prms);
    const SE3 lab_T_child = fit_cluster_pose(cref, gather(f, ci), &crms);
    fit::Sample s;
    s.parent_T_child = lab_T_parent.inverse() * lab_T_child;
    if (o.mot) s.q = JointVector::Constant(1, q * o.q_scale);
    s.line = trc.lines[static_cast<std::size_t>(f)];
    r.samples.samples.push_back(s);
    r.frames.push_back(trc.frame_numbers[static_cast<std::size_t>(f)]);
    r.times.push_back(trc.times[static_cast<std::size_t>(f)]);
    r.parent_rms.push_back(prms);
    r.child_rms.push_back(crms);
  }
  if (r.samples.samples.empty()) {
    throw std::invalid_argument(trc.source + ": no usable frame (" + std::to_string(r.skipped_missing) + " with missing markers, " +
                                std::to_string(r.skipped_outside_mot) + " outside the .mot's time span)");
  }
  return r;
}

void write_trc_samples_csv(const TrcSampleResult& r, const std::string& path) {
  std::ofstream out(path);
  if (!out) throw io::FileError(io::ErrorKind::Io, io::Location{.source = path}, "cannot write the samples");
  out << "# samples from " << r.samples.source << ": child cluster pose relative to the parent cluster per frame\n";
  out << "frame,time," << (r.samples.has_q ? "q," : "") << "R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz,parent_rms,child_rms\n";
  char buf[40];
  const auto put = [&](double v, bool last = false) {
    std::snprintf(buf, sizeof buf, "%.17g", v);
    out << buf << (last ? "\n" : ",");
  };
  for (std::size_t k = 0; k < r.samples.samples.size(); ++k) {
    const fit::Sample& s = r.samples.samples[k];
    out << r.frames[k] << ",";
    put(r.times[k]);
    if (r.samples.has_q) put(s.q[0]);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) put(s.parent_T_child.R(i, j));
    for (int i = 0; i < 3; ++i) put(s.parent_T_child.p[i]);
    put(r.parent_rms[k]);
    put(r.child_rms[k], true);
  }
  out.close();
  if (!out) throw io::FileError(io::ErrorKind::Io, io::Location{.source = path}, "cannot write the samples");
}

}  // namespace js::interop
