extension Scaffold {
    /// `site.yml` with every setting: a key whose value is its default is set, and a key whose
    /// value would change what is built is commented out, with an example.
    static let siteConfig = #"""
        # The settings of this site. Every key is here with what it does; a line that is commented
        # out shows an example of a setting that is off by default. mapsite's README has the full
        # reference.

        # The site's name, in the header and the browser's tab.
        title: Libraries of Manhattan
        # One sentence for the home page and <meta name="description">.
        description: Twelve branches of the New York Public Library in Manhattan, on a map.
        # Where the site will be hosted: https://example.org/maps/ or /maps/. Only the sitemap
        # (written for a full https:// address only), canonical links and 404.html use it; every
        # other link is relative. Keep / until you know the address: a build then writes no
        # sitemap.xml, and says so only for a path such as /maps/.
        base_url: /
        # The language of the pages, for <html lang>.
        language: en
        # A link for feedback, usually mailto:, shown in the footer. Default: none.
        # contact: mailto:maps@example.org

        # The tiles behind every map: a URL template with {z}, {x} and {y}, the HTML credit shown
        # on each map, and the deepest zoom level the tiles have. Default: OpenStreetMap's tiles.
        basemap:
          url: https://tile.openstreetmap.org/{z}/{x}/{y}.png
          attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
          max_zoom: 19

        # "local" copies Leaflet and Leaflet.markercluster from Debian's libjs-leaflet packages into
        # the site; or the URL of a folder holding leaflet.js, leaflet.css,
        # leaflet.markercluster.js, MarkerCluster.css and MarkerCluster.Default.css.
        leaflet: local
        # true passes raw HTML in Markdown through; false leaves it out.
        unsafe_html: false
        # Places per list page.
        page_size: 200

        # Installed on a phone's home screen: the site's colour (the browser's bar and the icons
        # drawn for it), the name under its icon (default: the title) and, instead of the drawn
        # pin, a square PNG of this folder of at least 192 pixels.
        color: "#0b6e69"
        # short_name: Libraries
        # icon: images/icon.png
        # true also writes a .gz copy of each text file, for nginx's gzip_static.
        precompress: false

        # The datasets, one entry for each data file.
        datasets:
            # The dataset's folder in the site: lowercase letters, digits and "-".
            # Default: the file's name.
          - name: libraries
            # Shown in lists and menus. Default: the name.
            title: Libraries
            # Shown on the home page and the list. Default: empty.
            description: The branch libraries of the New York Public Library in Manhattan.
            # The data file, relative to this folder.
            source: data/libraries.csv
            # csv (.csv, .tsv), geojson (.geojson), json (.json), sqlite (.sqlite, .db) or gdal
            # (.shp, .gpkg, .kml, .gpx and any other vector format GDAL reads).
            # Default: from the extension. A SQLite dataset names a table or a query:
            # table: libraries
            # query: "SELECT * FROM libraries WHERE open = 1"
            # A GDAL source of several layers names one, and may filter its features:
            # layer: branches
            # where: "borough = 'Manhattan'"
            # The coordinate system of a GDAL source, instead of its own, or of the x and y
            # columns. Default: the source's own; none for x and y (longitude and latitude).
            # crs: EPSG:2263
            # Columns of projected coordinates in crs, instead of latitude and longitude.
            # x: x_ft
            # y: y_ft
            format: csv
            # The CSV field separator: one character, or \t for tabs. Default: "," ("\t" for .tsv).
            delimiter: ","
            # The column holding a unique id. Default: an id made from the title and position.
            id: id
            # Each place's title: a column, or a template such as "{number} {street}".
            # Default: the column "title".
            item_title: "{name}"
            # Each place's folder name: a column or a template. Default: the title, as
            # lowercase ASCII; a folder name two places share gets the id appended.
            # slug: "{id}"
            # The coordinate columns (a dotted path such as location.lat reaches into JSON
            # objects). Default: latitude and longitude. GeoJSON uses each feature's Point.
            latitude: lat
            longitude: lon
            # One column holding "lat,lon", instead of the two above. Default: none.
            # coordinates: position
            # The columns shown on each place's page, in this order: a list of names, of
            # {name, label, format}, or a mapping of name to label. format is text (the default),
            # number (1,234.5) or currency ($387,900; "currency €" for another symbol).
            # Default: none.
            fields:
              - name: address
                label: Address
                format: text
              - name: opening_hours
                label: Opening hours
            # Fields of the list above that lists and near-me results show beside each place.
            # Default: none (lists show the first field's value).
            # list_fields: [address]
            # Columns holding image URLs (http(s), or relative to the site root). Default: none.
            # image: photo
            # thumbnail: photo_small
            # A column holding a paragraph about the place. Default: none.
            # item_description: about
            # How many nearest places of this dataset each page lists; 0 for none.
            neighbours: 8
            # Lists of the nearest places of other datasets on each page. Default: none.
            # nearest:
            #   - dataset: fountains
            #     count: 3
            #     title: Nearest drinking fountains
            # Places closer than this many metres form one location; 0 for identical
            # coordinates only.
            same_place_radius: 0
            # true builds the valid rows and lists the others; false stops at bad rows.
            skip_invalid: false
            # Places per list page. Default: page_size of the site.
            # page_size: 50
            # The colour of this dataset's markers and clusters on maps, #rrggbb. Default: one
            # of eight colours, by the dataset's place in this list.
            # color: "#0b6e69"
            # The largest map tile in bytes; a bigger tile is split in four, down to zoom 18.
            tile_budget: 100000
            # The time zone of fields shown as hours (format: hours, such as "Mo-Fr 09:00-17:00").
            # Default: the visitor's own.
            # timezone: America/New_York
            # Columns whose values each get a page listing their places. Default: none.
            # group_by: [borough]
            # Fields a visitor narrows the map by, with counts and the choice in the URL: names
            # (check boxes of values), {field, type: year} or {field, type: range, format}.
            # Default: the group_by fields.
            # filters: [borough, {field: opened, type: year}]
            # A field whose values colour the map's pins, with a legend that filters. Default: none.
            # colour_by: borough
            # color_by: borough   (the same key, spelt the American way: give one of the two)
            # Numeric columns summarised for each group: {field, label, format, stats};
            # stats are count, sum, min, max, mean, median (default all). Default: none.
            # aggregates:
            #   - field: circulation
            #     format: number
            # Columns computed from another: rule block ("1552 Walnut St" → "1500 block of
            # Walnut St"), upper, lower or first_word; usable in fields, group_by, aggregates.
            # derived:
            #   - name: block
            #     from: address
            #     rule: block
            # Polygons that give each place the name of the region it lies in (a place on a
            # border belongs to the first region in the file). Default: none.
            # regions:
            #   source: data/neighbourhoods.geojson
            #   name: name
            #   field: neighbourhood

        # Places of a dataset put in the order that makes the way through them shortest, each
        # tour on a page at tours/<name>/ where visitors tick stops off, with a GPX route.
        # The order is proven shortest up to 100 stops (unless that takes over two seconds);
        # beyond, the page says how much longer than the shortest it can be. Default: none.
        # tours:
        #   - title: Library crawl
        #     dataset: libraries
        #     # The ids to visit. Default: every place of the dataset (500 at most).
        #     stops: [jefferson-market, ottendorfer, tompkins-square, seward-park, mulberry-street]
        #     # The first stop. Default: whichever makes the tour shortest.
        #     start: jefferson-market
        #     # true ends back at the start.
        #     loop: false

        """#
}
