// jointsmith-cli: batch work on joints (eval, fit, simulate, export ...). see `jointsmith-cli --help`.
#include <exception>
#include <iostream>

#include "app/cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"jointsmith-cli: spline joints for multibody dynamics (Lee & Terzopoulos 2008)"};
  app.require_subcommand(1);
  js::cli::add_eval_command(app);
  js::cli::add_check_command(app);
  js::cli::add_fit_command(app);
  js::cli::add_fit_batch_command(app);
  js::cli::add_simulate_command(app);
  js::cli::add_ik_command(app);
  js::cli::add_stable_step_command(app);
  js::cli::add_export_command(app);
  js::cli::add_import_osim_command(app);
  js::cli::add_info_command(app);
  js::cli::add_import_trc_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const js::cli::ExitCode& e) {
    return e.code;
  } catch (const std::exception& e) {
    std::cerr << "jointsmith-cli: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
