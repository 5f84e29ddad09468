// The target only declares LLVMFuzzerRunDriver (include/CFuzzDriver.h); libFuzzer, linked by -sanitize=fuzzer,
// defines it.
#include "CFuzzDriver.h"
