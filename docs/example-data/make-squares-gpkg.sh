#!/bin/sh
# Makes content/data/squares.gpkg, the example's GIS source: the squares of Center City as a city's open-data
# portal publishes such layers, a GeoPackage in Pennsylvania South state plane, US feet
# (EPSG:2272). Its input, squares-wgs84.geojson, is the same outlines in WGS 84 longitude and
# latitude. mapsite reads the GeoPackage and reprojects it back (content/site.yml, dataset
# squares). The output is committed, so `make site` does not run this; run it after editing the
# GeoJSON, which lives here rather than in content/, where it would be a data file the site does
# not name. Needs GDAL's ogr2ogr (Debian's gdal-bin).
set -eu
cd "$(dirname "$0")"
out=../../content/data/squares.gpkg
rm -f "$out"
# A fixed date in the GeoPackage's tables, so that the same input makes the same file.
ogr2ogr --config OGR_CURRENT_DATE 2026-11-25T00:00:00Z -f GPKG "$out" squares-wgs84.geojson \
    -s_srs EPSG:4326 -t_srs EPSG:2272 -nln squares
ogrinfo -so "$out" squares | grep -E "^(Feature Count|Extent)"
