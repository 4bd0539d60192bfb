import Foundation

/// How one dataset is read and shown: one entry of `datasets:` in `site.yml`.
public struct DatasetConfig: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable {
        case csv, geojson, json, sqlite
        /// Any vector format the installed GDAL reads: Shapefile, GeoPackage, KML, GPX, …
        case gdal
    }

    /// For each item, the nearest items of another dataset: `nearest: [{dataset: boxes, count: 3}]`.
    public struct CrossNeighbours: Sendable, Equatable {
        public var dataset: String
        public var count: Int
        public var title: String?
    }

    /// A field shown on item pages, with its label.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var label: String
        public var format: ValueFormat = .text

        public init(name: String, label: String, format: ValueFormat = .text) {
            self.name = name
            self.label = label
            self.format = format
        }
    }

    /// The folder name in the site, and the key other settings use.
    public var name: String
    public var title: String
    public var description: String
    /// The source file, relative to the content folder.
    public var source: String
    public var format: Format
    /// The CSV field separator.
    public var delimiter: UInt8
    /// The table a SQLite dataset reads; a SQLite dataset has this or `query`.
    public var table: String?
    /// The SQL query whose result rows a SQLite dataset reads, instead of a `table`.
    public var query: String?
    /// The field holding a unique id; nil for an id made from the title and position.
    public var idField: String?
    /// A field name or a `{field}` template for the item title.
    public var itemTitle: FieldTemplate
    /// A field name or template for the URL slug; the title when nil.
    public var slug: FieldTemplate?
    public var latitude: String?
    public var longitude: String?
    /// One field holding `lat,lon`, instead of `latitude` and `longitude`.
    public var coordinates: String?
    public var fields: [Field]
    public var image: String?
    public var thumbnail: String?
    public var itemDescription: String?
    /// Build the valid rows and report the others, instead of failing.
    public var skipInvalid: Bool
    /// How many nearest neighbours each item lists.
    public var neighbours: Int
    public var pageSize: Int?
    public var crossNeighbours: [CrossNeighbours] = []
    /// Items closer than this (metres) form one location; 0 means identical coordinates only.
    public var samePlaceRadius: Double = 0
    /// The colour of the dataset's markers and clusters on maps, as `#rrggbb`.
    public var color = MapColor.palette[0]
    /// The largest point tile, in bytes, before it is split into four.
    public var tileBudget = 100_000
    /// The IANA time zone the dataset's `hours` fields are in (`America/Chicago`); nil: the
    /// visitor's own.
    public var timeZone: String?
    /// Polygons that give each item the name of the region it lies in: `regions: {source, name, field}`.
    public var regions: RegionsConfig?
    /// Names of fields of `fields` that list pages and near-me results show beside each title
    /// (`list_fields: [collection_times]`); none: list pages show the first field's value.
    public var listFields: [String] = []
    /// Fields whose values each get a page listing their items: `group_by: [borough, block]`.
    public var groupBy: [String] = []
    /// Fields a visitor narrows the map by (`filters:`); by default the `group_by` fields.
    public var filters: [FilterConfig] = []
    /// The field whose values colour the map's places (`colour_by:`), one of `filters`.
    public var colourBy: String?
    /// Numeric fields summarised for each group.
    public var aggregates: [AggregateField] = []
    /// Fields computed from others when items are built, in order.
    public var derived: [DerivedField] = []
    /// The layer a GDAL source reads; nil for its only layer.
    public var layer: String?
    /// An attribute filter for a GDAL source, in OGR's SQL dialect: `kind = 'park'`.
    public var filter: String?
    /// The coordinate system of the source's coordinates (`EPSG:2272`): of a GDAL source,
    /// instead of its own; of `x` and `y` fields otherwise. Nil: the source's own, or WGS 84.
    public var crs: String?
    /// Fields holding projected coordinates (in `crs`), instead of `latitude` and `longitude`.
    public var x: String?
    public var y: String?
    /// Every field name the settings above give, with its line, checked against the source's
    /// fields once it is read.
    public var fieldReferences = FieldReferences()

    /// Every field the dataset keeps for each item, in the order of `Item.values`: `fields` first,
    /// then the group, aggregate and derived fields (and derived fields' sources) and the filters' fields
    /// not among them.
    public var keptFields: [String] {
        Self.kept(fields: fields, groupBy: groupBy, aggregates: aggregates, derived: derived, filters: filters)
    }
}
