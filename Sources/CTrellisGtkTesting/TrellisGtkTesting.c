// What the window benchmark reads from the C library, kept out of the widget's own
// header: the widget needs none of it.
#include "TrellisGtkTesting.h"
#if defined(__GLIBC__)
#include <malloc.h>
#endif

size_t trellis_testing_heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    return mallinfo2().uordblks;
#else
    return 0;
#endif
}
