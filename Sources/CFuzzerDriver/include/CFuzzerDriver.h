#ifndef C_FUZZER_DRIVER_H
#define C_FUZZER_DRIVER_H

/// Runs libFuzzer with the command line `argc`/`argv` on `LLVMFuzzerTestOneInput`, which the
/// Swift harness defines, and returns its exit status.
int mapsite_fuzz_run(int argc, char **argv);

#endif
