#pragma once
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, LLVM 11 and later): parses the command line and runs
/// `callback` on each input. SwiftPM links an executable's `main` to `<Module>_main`, so the
/// harness defines that and hands over to libFuzzer here.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
