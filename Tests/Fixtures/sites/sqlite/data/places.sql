CREATE TABLE districts (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
INSERT INTO districts VALUES (1, 'Loop'), (2, 'Near North');

CREATE TABLE places (
    id INTEGER PRIMARY KEY, name TEXT, kind TEXT, visitors INTEGER, lat REAL, lon REAL,
    district INTEGER REFERENCES districts (id)
);
INSERT INTO places VALUES
    (1, 'Café Été', 'cafe', 1200, 41.8819, -87.6278, 1),
    (2, 'Book Nook', 'shop', NULL, 41.89, -87.63, 2),
    (3, 'Bean There', 'cafe', 85, 41.9, -87.64, 2);
