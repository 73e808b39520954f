// Declarations only (include/FuzzerDriver.h); libFuzzer defines the driver.
#include "FuzzerDriver.h"
