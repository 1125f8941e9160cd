/* assert.h shipped with ompv: `assert(e)` is a proof obligation (e must hold wherever it is
   reached), as if NDEBUG were never defined. */
#ifndef OMPV_ASSERT_H
#define OMPV_ASSERT_H
void __ompv_assert(int condition);
#define assert(e) __ompv_assert(e)
#endif
