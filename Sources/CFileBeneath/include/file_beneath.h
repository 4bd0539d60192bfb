#ifndef MAPSITE_FILE_BENEATH_H
#define MAPSITE_FILE_BENEATH_H

#include <sys/types.h>

/// Opens `path`, relative to the open folder `folder`, as openat(2) does, but never through a
/// symbolic link and never outside `folder`: a link anywhere on the way fails with ELOOP, a path
/// that climbs out (`..`, or absolute) with EXDEV. Uses openat2(2) with RESOLVE_BENEATH and
/// RESOLVE_NO_SYMLINKS, or, on a kernel without it, opens one component at a time.
int mapsite_open_beneath(int folder, const char *path, int flags, mode_t mode);

#endif
