#define _GNU_SOURCE
#include "file_beneath.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* One component at a time, each folder opened with O_NOFOLLOW, for kernels before 5.6. */
static int open_by_components(int folder, const char *path, int flags, mode_t mode) {
    if (path[0] == '/') {
        errno = EXDEV;
        return -1;
    }
    char *copy = strdup(path);
    if (copy == NULL) return -1;
    int current = folder;
    char *start = copy;
    int result = -1;
    for (;;) {
        char *slash = strchr(start, '/');
        while (slash != NULL && slash[1] == '/') slash++;
        if (slash == NULL || slash[1] == '\0') {
            if (slash != NULL) *slash = '\0';
            if (strcmp(start, "..") == 0) {
                errno = EXDEV;
                break;
            }
            result = openat(current, *start ? start : ".", flags | O_NOFOLLOW, mode);
            break;
        }
        *slash = '\0';
        if (strcmp(start, "..") == 0) {
            errno = EXDEV;
            break;
        }
        int next = openat(current, start, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (next < 0) {
            /* A link to a folder opened with O_NOFOLLOW | O_DIRECTORY fails with ENOTDIR. */
            if (errno == ENOTDIR) {
                struct stat info;
                if (fstatat(current, start, &info, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(info.st_mode)) errno = ELOOP;
            }
            break;
        }
        if (current != folder) close(current);
        current = next;
        start = slash + 1;
    }
    int saved = errno;
    if (current != folder) close(current);
    free(copy);
    errno = saved;
    return result;
}

int mapsite_open_beneath(int folder, const char *path, int flags, mode_t mode) {
    static int without_openat2 = 0;
    if (!without_openat2) {
        struct open_how how;
        memset(&how, 0, sizeof how);
        how.flags = (unsigned long long)(flags | O_CLOEXEC);
        how.mode = (flags & (O_CREAT | O_TMPFILE)) ? mode : 0;
        how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS;
        long result = syscall(SYS_openat2, folder, path, &how, sizeof how);
        if (result >= 0 || errno != ENOSYS) return (int)result;
        without_openat2 = 1;
    }
    return open_by_components(folder, path, flags | O_CLOEXEC, mode);
}
