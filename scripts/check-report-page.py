#!/usr/bin/env python3
"""Opens a batch's HTML page (duo-server match --html) in headless Chromium
and prints, as JSON, what a test holds it to:

  console     console messages and uncaught exceptions (any is a fault)
  log         the browser's own errors for the page (a blocked request, a CSP violation)
  requests    URLs the page asked for besides itself and data: URIs
  images      each <img>: whether it decoded, and its size
  plots       each <svg data-plot>: its data- attributes, the points of its
              series line, its bars and bound lines
  screenshot  the first screen's size and how much of it is not background

Usage: check-report-page.py PAGE.html SCREENSHOT.png

It talks to Chromium over --remote-debugging-pipe (the DevTools protocol as
NUL-separated JSON on file descriptors 3 and 4): Python's standard library
only.
"""
import base64
import json
import os
import pathlib
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

EXPRESSION = r"""
(async () => {
  const images = [];
  for (const img of document.querySelectorAll('img')) {
    let decoded = true;
    try { await img.decode(); } catch (e) { decoded = false; }
    images.push({decoded, width: img.naturalWidth, height: img.naturalHeight, alt: img.alt});
  }
  const plots = {};
  for (const svg of document.querySelectorAll('svg[data-plot]')) {
    const data = {};
    for (const a of svg.attributes) if (a.name.startsWith('data-')) data[a.name.slice(5)] = a.value;
    const line = svg.querySelector('polyline.series');
    data.seriesPoints = line ? line.points.numberOfItems : 0;
    data.barCount = svg.querySelectorAll('rect.bar').length;
    data.barTotal = [...svg.querySelectorAll('rect.bar')].reduce((s, r) => s + Number(r.dataset.count), 0);
    data.bounds = Object.fromEntries([...svg.querySelectorAll('line[data-bound]')].map(l => [l.dataset.bound, Number(l.dataset.value)]));
    const box = svg.getBoundingClientRect();
    data.drawnWidth = box.width;
    plots[svg.id] = data;
  }
  const notable = [...document.querySelectorAll('section.notable')].map(s => ({
    match: Number(s.dataset.match), filmstrip: !!s.querySelector('img.filmstrip'),
    text: !!s.querySelector('pre.seat-view'), replay: s.querySelector('a') ? s.querySelector('a').getAttribute('href') : null}));
  return JSON.stringify({images, plots, notable, title: document.title});
})()
"""


class Browser:
    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="duo-chromium-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        # The child gets the pipes as 3 and 4 (kept open by pass_fds, which applies after preexec_fn).
        def wire():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--hide-scrollbars", "--window-size=1000,1400",
             f"--user-data-dir={self.profile}", "about:blank"],
            pass_fds=(3, 4), preexec_fn=wire, close_fds=True,
            stdout=subprocess.DEVNULL, stderr=None if os.environ.get("CHECK_PAGE_DEBUG") else subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.next_id = 0
        self.pending = b""
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        return self.wait(lambda m: m.get("id") == self.next_id)

    def wait(self, matches, timeout=60):
        deadline = time.time() + timeout
        for index, event in enumerate(self.events):
            if matches(event):
                return self.events.pop(index)
        while time.time() < deadline:
            while b"\0" in self.pending:
                raw, self.pending = self.pending.split(b"\0", 1)
                message = json.loads(raw)
                if matches(message):
                    return message
                self.events.append(message)
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise SystemExit("chromium closed the pipe")
            self.pending += chunk
        raise SystemExit("chromium did not answer in time")

    def close(self):
        try:
            os.write(self.to_browser, json.dumps({"id": 0, "method": "Browser.close"}).encode() + b"\0")
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def png_pixels(data):
    """(width, height, rows of RGBA tuples) of an 8-bit RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, idat, header = 8, b"", None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    width, height, depth, color = header[0], header[1], header[2], header[3]
    assert depth == 8 and color in (2, 6), f"PNG of depth {depth}, colour type {color}"
    channels = 4 if color == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    page = pathlib.Path(sys.argv[1]).resolve()
    browser = Browser()
    try:
        target = next(t for t in browser.send("Target.getTargets")["result"]["targetInfos"] if t["type"] == "page")
        session = browser.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["result"]["sessionId"]
        for domain in ("Runtime", "Log", "Network", "Page"):
            browser.send(f"{domain}.enable", session=session)
        browser.send("Page.navigate", {"url": page.as_uri()}, session=session)
        browser.wait(lambda m: m.get("method") == "Page.loadEventFired")
        found = json.loads(browser.send(
            "Runtime.evaluate", {"expression": EXPRESSION, "awaitPromise": True, "returnByValue": True},
            session=session)["result"]["result"]["value"])
        shot = browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False}, session=session)
        png = base64.b64decode(shot["result"]["data"])
        pathlib.Path(sys.argv[2]).write_bytes(png)
        time.sleep(0.2)
        browser.send("Runtime.evaluate", {"expression": "1"}, session=session)  # collects the events sent so far
        events = browser.events
    finally:
        browser.close()
    console = [e["params"] for e in events if e.get("method") in ("Runtime.consoleAPICalled", "Runtime.exceptionThrown")]
    log = [e["params"]["entry"] for e in events if e.get("method") == "Log.entryAdded"]
    requests = [e["params"]["request"]["url"] for e in events if e.get("method") == "Network.requestWillBeSent"]
    outside = [url for url in requests if url != page.as_uri() and not url.startswith("data:")]
    width, height, channels, rows = png_pixels(png)
    background = tuple(rows[0][:3])
    differing = sum(1 for row in rows[::4] for x in range(0, width * channels, channels * 4)
                    if tuple(row[x:x + 3]) != background)
    sampled = len(rows[::4]) * len(range(0, width * channels, channels * 4))
    found.update({
        "console": console, "log": [entry for entry in log if entry.get("level") in ("error", "warning")],
        "requests": outside,
        "screenshot": {"width": width, "height": height, "nonBackgroundFraction": differing / sampled},
    })
    print(json.dumps(found, indent=1))


if __name__ == "__main__":
    main()
