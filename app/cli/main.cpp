// jointsmith-cli: batch work on joints (eval, fit, simulate, export ...). see `jointsmith-cli --help`.
#include <exception>
#include <iostream>

#include "app/cli/commands.hpp"

// exit status (docs/cli.md): 0 done, 1 the input or the work failed, 2 a usage error, 3 `check` failed
constexpr int kUsageError = 2;

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
    // --help exits 0; a command line it cannot use is a usage error, exit 2 as getopt's tools
    // do (cli11's own codes, 105 for a bad value and so on, are not a convention scripts know)
    const int code = app.exit(e);
    return code == 0 ? 0 : kUsageError;
  } catch (const js::cli::ExitCode& e) {
    return e.code;
  } catch (const std::exception& e) {
    std::cerr << "jointsmith-cli: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
