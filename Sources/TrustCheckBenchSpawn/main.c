/* trustcheck-bench-spawn OUTPUT COMMAND [ARG...]: runs COMMAND with stdout and stderr to OUTPUT and prints
   "<exit status> <wall µs> <peak RSS KB>" of it.

   Why a separate, tiny process: Linux charges a child's ru_maxrss with the memory of the process that
   spawned it (posix_spawn's vfork shares the parent's mm until exec, and exec folds the old mm's high-water
   mark into the child's maxrss), so a child of the benchmark would report the benchmark's own RSS. From
   this ~1 MB parent, wait4's ru_maxrss is the command's own peak (with a floor of this process's RSS). */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: trustcheck-bench-spawn OUTPUT COMMAND [ARG...]\n");
        return 2;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[2], &actions, NULL, argv + 2, environ);
    if (rc != 0) {
        fprintf(stderr, "trustcheck-bench-spawn: cannot start %s: error %d\n", argv[2], rc);
        return 2;
    }
    int status = 0;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) != pid) return 2;
    clock_gettime(CLOCK_MONOTONIC, &end);
    long long us = (end.tv_sec - start.tv_sec) * 1000000LL + (end.tv_nsec - start.tv_nsec) / 1000;
    printf("%d %lld %ld\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1, us, usage.ru_maxrss);
    return 0;
}
