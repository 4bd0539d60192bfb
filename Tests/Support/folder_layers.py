#!/usr/bin/env python3
"""Checks that the folders of each Swift module use one another in one direction only.

Each module's folders are listed in LAYERS from the bottom up; a folder may use the types of the
folders before it, never of those after it. A type belongs to the folder of the file that
declares it at the top level. Prints the uses found (`--list`) and exits 1 on any use that goes
upwards, naming the folders and the types."""
import collections
import os
import re
import sys

LAYERS = {
    "Sources/MapsiteCore": ["Support", "Config", "Dataset", "Markdown", "Regions", "Index", "Derive",
                            "Templates", "Output", "Render", "Search", "Scaffold", "Build", "Deploy"],
    "Sources/MapsiteGeo": ["Support", "Sphere", "Neighbours", "Tiles", "Polygons", "Shapes", "ShapeTiles", "Distances", "Tours"],
}
DECLARATION = re.compile(
    r"^(?:(?:public|internal|final|private|fileprivate|package)\s+)*"
    r"(?:struct|enum|class|protocol|typealias|actor)\s+(\w+)", re.M)


def uses(root):
    """{folder: {other folder: {type names}}} for the folders directly below `root`."""
    owner, texts = {}, collections.defaultdict(str)
    for directory, _, names in os.walk(root):
        folder = os.path.relpath(directory, root).split(os.sep)[0]
        for name in names:
            if name.endswith(".swift"):
                text = open(os.path.join(directory, name), encoding="utf-8").read()
                for match in DECLARATION.finditer(text):
                    owner[match.group(1)] = folder
                # Comments name types without using them.
                texts[folder] += re.sub(r"//.*", "", text) + "\n"
    found = collections.defaultdict(lambda: collections.defaultdict(set))
    for folder, text in texts.items():
        words = set(re.findall(r"\b[A-Z]\w*\b", text))
        for name in words:
            if name in owner and owner[name] != folder:
                found[folder][owner[name]].add(name)
    return found


def main():
    failures = []
    for root, order in LAYERS.items():
        found = uses(root)
        for folder in found:
            if folder not in order:
                failures.append(f"{root}/{folder}: not in LAYERS of {__file__}")
        for folder, targets in sorted(found.items()):
            for target, names in sorted(targets.items()):
                if "--list" in sys.argv:
                    print(f"{root}: {folder} -> {target}: {', '.join(sorted(names))}")
                if folder in order and target in order and order.index(target) > order.index(folder):
                    failures.append(f"{root}: {folder}/ uses {target}/, which comes after it: "
                                    f"{', '.join(sorted(names))}")
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
