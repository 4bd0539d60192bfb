"""Prints one closing line, `N passed, N failed`, from the JUnit/xUnit files of every test run."""
import pathlib
import sys
import xml.etree.ElementTree as ET

passed = failed = skipped = 0
for path in sorted(pathlib.Path(sys.argv[1]).glob("*.xml")):
    for case in ET.parse(path).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
if passed + failed == 0:
    print("no tests ran")
    sys.exit(1)
print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
sys.exit(1 if failed else 0)
