#include "CStandardStreams.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

static int closedAtStart = 0;

// Runs when the executable is loaded, before the Swift runtime starts its threads: by the time Swift's async main
// runs, the concurrency runtime has already taken the lowest free descriptors (an epoll and an eventfd on Linux), so
// a stream closed by `contract verify >&-` would have become one of them.
__attribute__((constructor)) static void holdClosedStandardStreams(void) {
    for (int descriptor = 0; descriptor <= 2; descriptor++) {
        if (fcntl(descriptor, F_GETFD) != -1 || errno != EBADF) continue;
        // The lowest free descriptor is this one, as those below it are open or were just held.
        int held = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY);
        if (held == descriptor) closedAtStart |= 1 << descriptor;
        else if (held >= 0) close(held);
    }
}

int contract_streams_closed_at_start(void) { return closedAtStart; }
