#ifndef TRUSTCHECK_CLIBFUZZER_H
#define TRUSTCHECK_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry point for a program with its own main (compiler-rt, FuzzerInterface.h). It is defined only
// when the program is linked with -sanitize=fuzzer, so Swift calls it only under the TRUSTCHECK_FUZZING condition.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
