extension Scaffold {
    /// `README.md`: the home page's text and the About page.
    static let readme = """
        # Libraries of Manhattan

        Twelve branches of the New York Public Library in Manhattan, from the lions on Fifth
        Avenue to the Schomburg Center in Harlem. Open a library's page for its address, its
        opening hours and the libraries nearest to it, or use the map to find the one nearest to
        you.

        Read [about the data](pages/about-the-data.md) before you rely on it.

        ## Make this site your own

        This folder was made by `mapsite new`. It holds:

        - `site.yml`: the settings, with every key written out and explained;
        - `data/libraries.csv`: the dataset, one row for each place;
        - `README.md`: this text, shown on the home page and as the About page;
        - `pages/about-the-data.md`: an info page; every Markdown file in `pages/` becomes one.

        Put your own data in `data/`, describe it in `site.yml`, and preview the site while you
        edit: `mapsite serve --content <this folder>` builds it, serves it at
        http://127.0.0.1:8000/ and reloads the page each time you save a file.

        """
}
