/*
 * The file-writing floor: writes the files of a site, with the same sizes and in the same
 * layout, doing nothing else. A site generator cannot write its output faster than this.
 *
 *   floor LIST DEST THREADS
 *
 * LIST has one "size path" line per file (paths relative, '/'-separated, sorted); DEST must be
 * an empty or missing folder. Each of THREADS threads takes a contiguous share of the list, as a
 * renderer splitting its items into chunks would, and creates the folders it needs on the way
 * (remembering the last folder it made, so a folder is made once). Files are filled with 'x'.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    long size;
    char *path;
} Entry;

static Entry *entries;
static size_t count;
static int root;
static char *filler;

typedef struct {
    size_t begin, end;
} Share;

static void fail(const char *what, const char *path) {
    fprintf(stderr, "floor: %s %s: %s\n", what, path, strerror(errno));
    exit(1);
}

/* Makes every folder of `dir` that is not a folder of `last` (which exists already). */
static void make_folders(const char *dir, const char *last) {
    char buffer[4096];
    size_t length = strlen(dir);
    if (length >= sizeof buffer) { errno = ENAMETOOLONG; fail("mkdir", dir); }
    memcpy(buffer, dir, length + 1);
    for (size_t i = 1; i <= length; i++) {
        if (buffer[i] != '/' && buffer[i] != '\0') continue;
        size_t lastLength = strlen(last);
        int known = lastLength >= i && strncmp(last, buffer, i) == 0 && (last[i] == '/' || last[i] == '\0');
        if (known) continue;
        char saved = buffer[i];
        buffer[i] = '\0';
        if (mkdirat(root, buffer, 0755) != 0 && errno != EEXIST) fail("mkdir", buffer);
        buffer[i] = saved;
    }
}

static void *write_share(void *argument) {
    Share *share = argument;
    char last[4096] = "";
    char dir[4096];
    for (size_t i = share->begin; i < share->end; i++) {
        const char *path = entries[i].path;
        const char *slash = strrchr(path, '/');
        size_t dirLength = slash ? (size_t)(slash - path) : 0;
        if (dirLength >= sizeof dir) { errno = ENAMETOOLONG; fail("path", path); }
        memcpy(dir, path, dirLength);
        dir[dirLength] = '\0';
        if (dirLength > 0 && strcmp(dir, last) != 0) {
            make_folders(dir, last);
            memcpy(last, dir, dirLength + 1);
        }
        int fd = openat(root, path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd < 0) fail("open", path);
        long left = entries[i].size;
        while (left > 0) {
            ssize_t done = write(fd, filler, (size_t)left);
            if (done < 0) fail("write", path);
            left -= done;
        }
        if (close(fd) != 0) fail("close", path);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: floor LIST DEST THREADS\n");
        return 2;
    }
    FILE *list = fopen(argv[1], "r");
    if (!list) fail("open", argv[1]);
    size_t capacity = 1024;
    entries = malloc(capacity * sizeof *entries);
    long largest = 0;
    char *line = NULL;
    size_t lineCapacity = 0;
    ssize_t length;
    while ((length = getline(&line, &lineCapacity, list)) > 0) {
        if (line[length - 1] == '\n') line[--length] = '\0';
        char *space = strchr(line, ' ');
        if (!space) continue;
        *space = '\0';
        if (count == capacity) entries = realloc(entries, (capacity *= 2) * sizeof *entries);
        entries[count].size = atol(line);
        entries[count].path = strdup(space + 1);
        if (entries[count].size > largest) largest = entries[count].size;
        count++;
    }
    fclose(list);
    filler = malloc((size_t)largest + 1);
    memset(filler, 'x', (size_t)largest + 1);

    if (mkdir(argv[2], 0755) != 0 && errno != EEXIST) fail("mkdir", argv[2]);
    root = open(argv[2], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (root < 0) fail("open", argv[2]);

    int threads = atoi(argv[3]);
    if (threads < 1) threads = 1;
    pthread_t ids[64];
    Share shares[64];
    if (threads > 64) threads = 64;
    for (int t = 0; t < threads; t++) {
        shares[t].begin = count * (size_t)t / (size_t)threads;
        shares[t].end = count * (size_t)(t + 1) / (size_t)threads;
        if (pthread_create(&ids[t], NULL, write_share, &shares[t]) != 0) fail("thread", "");
    }
    for (int t = 0; t < threads; t++) pthread_join(ids[t], NULL);
    printf("wrote %zu files\n", count);
    return 0;
}
