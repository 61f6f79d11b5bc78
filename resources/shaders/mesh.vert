#version 330 core
// shaded meshes: positions and normals in the body frame, moved by u_world_T_mesh
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;

uniform mat4 u_world_T_mesh;
uniform mat4 u_clip_T_world;

out vec3 v_world;
out vec3 v_normal;

void main() {
  vec4 world = u_world_T_mesh * vec4(a_position, 1.0);
  v_world = world.xyz;
  // rigid transforms: the rotation part maps normals too
  v_normal = mat3(u_world_T_mesh) * a_normal;
  gl_Position = u_clip_T_world * world;
}
