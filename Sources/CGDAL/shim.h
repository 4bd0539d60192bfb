// GDAL's C API: datasets and layers (gdal.h), features and geometries (ogr_api.h), coordinate
// systems and transformations (ogr_srs_api.h), and its error messages (cpl_error.h).
#include <gdal.h>
#include <ogr_api.h>
#include <ogr_srs_api.h>
#include <cpl_error.h>
#include <cpl_conv.h>
