// reading a CustomJoint from an OpenSim model file (.osim, xml) and writing one as a model fragment.
//
// read: OpenSim 4 models (coordinates under <coordinates>, offsets as PhysicalOffsetFrame children of
// <frames> named by socket_parent_frame / socket_child_frame, translation + orientation as xyz body-fixed
// angles) and OpenSim 3 models (<CoordinateSet>, location_in_parent / orientation_in_parent / location /
// orientation on the joint). functions: Constant, LinearFunction, PolynomialFunction, SimmSpline,
// NaturalCubicSpline, MultiplierFunction (osim_function.hpp), each directly in its TransformAxis or inside
// a <function> element. every problem throws OsimError naming the file, the line and the element.
#pragma once

#include <string>

#include "core/interop/osim_joint.hpp"
#include "core/io/file_error.hpp"

namespace js::interop {

enum class OsimErrorKind {
  Io,               // cannot read or write the file
  Syntax,           // not well-formed xml
  MissingJoint,     // no CustomJoint with the requested name (or several and none requested)
  MissingElement,   // a required element is absent (a TransformAxis, <x>, <range>, an offset frame …)
  UnknownFunction,  // a function element this reader does not know
  BadNumber,        // a value that is not a finite number, or the wrong count of numbers
  CountMismatch,    // spline x and y of different lengths, or too few points
  InvalidValue,     // a value out of its allowed range (x not increasing, zero axis, unknown coordinate …)
};

const char* osim_error_kind_name(OsimErrorKind kind);
io::ErrorKind io_error_kind(OsimErrorKind kind);

// an io::FileError located by line and xml element that also carries the osim kind. what() reads
// "file:line: <Element name='…'>: problem".
class OsimError : public io::FileError {
 public:
  OsimError(OsimErrorKind kind, std::string file, int line, const std::string& element, const std::string& problem);
  // hides io::FileError::kind(): the osim kind (io::FileError::kind() still gives the io kind).
  OsimErrorKind kind() const { return kind_; }

 private:
  OsimErrorKind kind_;
};

// the CustomJoint called joint_name in the model text; an empty name picks the only CustomJoint.
// source names the text in messages.
OsimCustomJoint read_osim_joint_text(const std::string& text, const std::string& source, const std::string& joint_name);
// the same for a file (OsimError Io when it cannot be read).
OsimCustomJoint read_osim_joint(const std::string& path, const std::string& joint_name);

// an OpenSim 4 document holding a model fragment: the joint in a JointSet, with its coordinate, offset frames
// and spatial transform (numbers with 17 significant digits, so they read back bit-identical). comment is
// written at the top (a fidelity report, the source joint).
std::string osim_joint_to_text(const OsimCustomJoint& joint, const std::string& comment = "");
// writes osim_joint_to_text to path; OsimError Io on failure.
void write_osim_joint(const OsimCustomJoint& joint, const std::string& path, const std::string& comment = "");

}  // namespace js::interop
