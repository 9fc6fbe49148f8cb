#include "nb_memory.h"
#include <malloc.h>

void nb_fix_mmap_threshold(size_t bytes) {
    mallopt(M_MMAP_THRESHOLD, (int)bytes);
}
