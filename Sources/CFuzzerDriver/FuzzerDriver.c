// Starts libFuzzer from the executable's own `main`. SwiftPM gives every executable target a
// `main` (on Linux it renames the module's entry point and points `main` at it), so libFuzzer's
// `main` cannot be used; its documented `LLVMFuzzerRunDriver` does the same from ours. Built
// only with `-sanitize=fuzzer`, which links libFuzzer.
#include "CFuzzerDriver.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int mapsite_fuzz_run(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
