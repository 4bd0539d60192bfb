extension Scaffold {
    /// `pages/about-the-data.md`: an info page with front matter, in the site menu.
    static let aboutPage = """
        ---
        title: About the data
        description: Where the library data comes from, what each column holds and how far to trust it.
        menu: 1
        ---

        # About the data

        `data/libraries.csv` lists twelve branches of the
        [New York Public Library](https://www.nypl.org/locations) in Manhattan, one row for each:

        - `id`: a short name that never changes, used in links such as
          [the Jefferson Market Library](item:libraries/jefferson-market);
        - `name` and `address`: the library's name and street address;
        - `opening_hours`: weekly hours in the `opening_hours` syntax of OpenStreetMap;
        - `lat` and `lon`: the position of the building, in degrees (WGS 84).

        The names, addresses and positions are those of the real libraries; the positions are good
        to about 50 metres. **The opening hours are examples** that show how a text column looks
        on a place's page: they are not the libraries' hours. Check
        [nypl.org](https://www.nypl.org/locations) before a visit.

        Back to the [home page](../README.md).

        """
}
