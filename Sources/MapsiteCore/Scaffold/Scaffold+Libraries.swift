extension Scaffold {
    /// `data/libraries.csv`: twelve branches of the New York Public Library in Manhattan. The
    /// opening hours are examples (see `pages/about-the-data.md`).
    static let libraries = """
        id,name,address,opening_hours,lat,lon
        schwarzman,Stephen A. Schwarzman Building,476 Fifth Avenue,Mo-Sa 10:00-18:00; Su 13:00-17:00,40.7532,-73.9822
        snfl,Stavros Niarchos Foundation Library,455 Fifth Avenue,Mo-Sa 10:00-20:00; Su 11:00-18:00,40.7518,-73.9810
        performing-arts,Library for the Performing Arts,40 Lincoln Center Plaza,Mo-Sa 10:30-18:00,40.7736,-73.9846
        schomburg,Schomburg Center for Research in Black Culture,515 Malcolm X Boulevard,Mo-Sa 10:00-18:00,40.8142,-73.9407
        jefferson-market,Jefferson Market Library,425 Avenue of the Americas,Mo-Th 10:00-19:00; Fr-Sa 10:00-17:00; Su 13:00-17:00,40.7350,-73.9984
        tompkins-square,Tompkins Square Library,331 East 10th Street,Mo-Th 10:00-19:00; Fr-Sa 10:00-17:00,40.7279,-73.9808
        ottendorfer,Ottendorfer Library,135 Second Avenue,Mo-Th 10:00-19:00; Fr-Sa 10:00-17:00,40.7291,-73.9876
        seward-park,Seward Park Library,192 East Broadway,Mo-Th 10:00-19:00; Fr-Sa 10:00-17:00; Su 13:00-17:00,40.7142,-73.9882
        mulberry-street,Mulberry Street Library,10 Jersey Street,Mo-Th 10:00-19:00; Fr-Sa 10:00-17:00,40.7243,-73.9955
        53rd-street,53rd Street Library,18 West 53rd Street,Mo-Th 10:00-19:00; Fr-Sa 10:00-17:00,40.7604,-73.9760
        muhlenberg,Muhlenberg Library,209 West 23rd Street,Mo-Th 10:00-19:00; Fr-Sa 10:00-17:00,40.7446,-73.9964
        battery-park-city,Battery Park City Library,175 North End Avenue,Mo-Th 10:00-19:00; Fr-Sa 10:00-17:00; Su 13:00-17:00,40.7156,-74.0155

        """
}
