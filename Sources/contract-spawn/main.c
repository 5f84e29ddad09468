// contract-spawn PROGRAM [ARGUMENTS...]: runs PROGRAM, its output to /dev/null, and prints on one line its wall time
// (seconds), its CPU time (user and system, seconds), its peak resident set (kilobytes) and its exit status (-1 when
// a signal ended it).
//
// The bench measures its children through this small process rather than directly. On Linux a child's peak resident
// set (`ru_maxrss`) includes the peak of the memory it was started from: exec folds the replaced address space's high
// water mark into the process's, and posix_spawn starts the child in the parent's address space. A bench that had
// grown to 250 MB reported every child it started, `contract verify` of a small file included, as 250 MB at least.
// Forked from this process, a child starts from about a megabyte.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: contract-spawn PROGRAM [ARGUMENTS...]\n");
        return 64;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) {
        perror("contract-spawn: fork");
        return 71;
    }
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, STDOUT_FILENO);
            dup2(null, STDERR_FILENO);
        }
        execv(argv[1], argv + 1);
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    while (wait4(pid, &status, 0, &usage) < 0) {
        if (errno != EINTR) {
            perror("contract-spawn: wait4");
            return 71;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double wall = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    double cpu = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6 + (double)usage.ru_stime.tv_sec
        + (double)usage.ru_stime.tv_usec / 1e6;
    int exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    printf("%.9f %.6f %ld %d\n", wall, cpu, (long)usage.ru_maxrss, exitStatus);
    return 0;
}
