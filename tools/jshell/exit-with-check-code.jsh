// Loaded after a chapter's script when ./course checks it: every chapter script defines checkExitCode
// (0 when its self-check passed). jshell exits 0 even when a snippet throws, so the code must be explicit.
/exit checkExitCode
// Reached only if the line above could not run (the script broke before defining checkExitCode).
/exit 3
