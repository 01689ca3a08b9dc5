#!/usr/bin/env python3
# A stand-in for the window program's `filmstrip` command (HTMLReportTests):
# writes a small 8 x 4 PNG to the path after `--out`. It is a file of the
# repository, linked beside duo-server by the test, never written during
# the test: an executable written while other tests start processes can be
# held open for writing by one of them, and then cannot be run (ETXTBSY).
import struct
import sys
import zlib

out = sys.argv[sys.argv.index("--out") + 1]


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


rows = b"".join(b"\0" + bytes([40, 90, 160]) * 8 for _ in range(4))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 4, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
open(out, "wb").write(png)
