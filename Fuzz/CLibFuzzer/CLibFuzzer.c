// The declaration in include/CLibFuzzer.h is the whole module; SwiftPM wants a C target to have a source file.
#include "CLibFuzzer.h"
