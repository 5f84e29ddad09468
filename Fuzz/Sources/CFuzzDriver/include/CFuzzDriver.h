#ifndef C_FUZZ_DRIVER_H
#define C_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, run from a program's own main (https://llvm.org/docs/LibFuzzer.html#using-libfuzzer-as-a-library).
/// It parses libFuzzer's flags from argc and argv and calls `callback` with every input; the input pointer is
/// never null (libFuzzer passes a valid, possibly empty, buffer).
int LLVMFuzzerRunDriver(
    int *_Nonnull argc, char *_Nullable *_Nullable *_Nonnull argv,
    int (*_Nonnull callback)(const uint8_t *_Nonnull data, size_t size));

#endif
