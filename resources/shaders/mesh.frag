#version 330 core
// two-sided blinn-phong with a key light, a fill light and a head light; a rim glow marks the selection
in vec3 v_world;
in vec3 v_normal;

uniform vec4 u_colour;
uniform vec3 u_eye;
uniform float u_highlight;
// turns the y-up light directions to the world's up axis (identity for y-up, y → z for z-up)
uniform mat3 u_light_frame;

out vec4 frag_colour;

void main() {
  vec3 n = normalize(v_normal);
  vec3 view = normalize(u_eye - v_world);
  // imported meshes may be wound either way: light the side facing the eye
  if (dot(n, view) < 0.0) n = -n;
  vec3 key = normalize(u_light_frame * vec3(0.4, 0.9, 0.5));
  vec3 fill = normalize(u_light_frame * vec3(-0.6, 0.3, -0.5));
  float diffuse = 0.62 * max(dot(n, key), 0.0) + 0.22 * max(dot(n, fill), 0.0) + 0.25 * max(dot(n, view), 0.0);
  // x⁴⁰ by squaring: the software rasterizer's pow is an exp2 and a log2 per fragment
  float h = max(dot(n, normalize(key + view)), 0.0);
  float h2 = h * h;
  float h8 = h2 * h2;
  h8 *= h8;
  float h32 = h8 * h8;
  h32 *= h32;
  float spec = h32 * h8 * 0.25;
  vec3 colour = u_colour.rgb * (0.18 + diffuse) + vec3(spec);
  float rim_base = 1.0 - max(dot(n, view), 0.0);
  float rim = rim_base * rim_base;
  colour = mix(colour, vec3(1.0, 0.75, 0.2), u_highlight * rim * 0.85);
  frag_colour = vec4(colour, u_colour.a);
}
