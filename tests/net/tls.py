"""Certificates for tables served over TLS in tests: a private certificate authority and a
certificate it signed for 127.0.0.1, made with the ``openssl`` command in a folder of the
test's own (elliptic-curve keys: made in a blink)."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass(frozen=True)
class Certificates:
    authority: Path  # the private authority's certificate: what a client is told to trust
    certificate: Path  # the server's, for 127.0.0.1, signed by the authority
    key: Path

    def server_context(self) -> ssl.SSLContext:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(self.certificate, self.key)
        return context


def _openssl(*args: str, folder: Path) -> None:
    subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True,
                   timeout=30)


def make_certificates(folder: Path) -> Certificates:
    if shutil.which("openssl") is None:
        pytest.skip("no openssl command to make certificates with")
    folder.mkdir(parents=True, exist_ok=True)
    curve = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes")
    _openssl("req", "-x509", *curve, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
             "-subj", "/CN=Test club authority", folder=folder)
    _openssl("req", *curve, "-keyout", "server.key", "-out", "server.csr",
             "-subj", "/CN=127.0.0.1", folder=folder)
    (folder / "san.cnf").write_text("subjectAltName=IP:127.0.0.1\n")
    _openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
             "-CAcreateserial", "-out", "server.pem", "-days", "2", "-extfile", "san.cnf",
             folder=folder)
    return Certificates(folder / "ca.pem", folder / "server.pem", folder / "server.key")
