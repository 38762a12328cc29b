#!/usr/bin/python3
"""A real RTSP test camera: GStreamer's RTSP server publishing an H.264 test pattern with a burnt-in
clock (Debian packages gir1.2-gst-rtsp-server-1.0, gstreamer1.0-plugins-{base,good,ugly}, python3-gi).

    /usr/bin/python3 tools/video/test-camera.py --port 8554 --path /ch1 [--path /ch2 ...]

Prints "READY rtsp://127.0.0.1:<port><path>" per path once listening. Stops on SIGTERM/SIGINT.
Baseline-profile H.264 (no B-frames) so the relay can copy it into HLS and Chromium can play it.
"""
import argparse
import os
import signal
import sys

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402

PATTERNS = ["smpte", "ball", "snow", "pinwheel"]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8554)
    parser.add_argument("--path", action="append", default=None)
    parser.add_argument("--label", default="LANTIAN TEST")
    args = parser.parse_args()
    paths = args.path or ["/ch1"]
    Gst.init(None)
    server = GstRtspServer.RTSPServer()
    server.set_address("127.0.0.1")
    server.set_service(str(args.port))
    mounts = server.get_mount_points()
    for index, path in enumerate(paths):
        pattern = PATTERNS[index % len(PATTERNS)]
        launch = (
            f"( videotestsrc is-live=true pattern={pattern} ! video/x-raw,width=640,height=360,framerate=15/1 "
            f"! clockoverlay time-format=\"%Y-%m-%d %H:%M:%S\" halignment=left valignment=bottom "
            f"! textoverlay text=\"{args.label} {path}\" halignment=right valignment=bottom "
            "! x264enc tune=zerolatency speed-preset=ultrafast key-int-max=15 bitrate=600 "
            "! video/x-h264,profile=baseline ! rtph264pay name=pay0 pt=96 config-interval=1 )"
        )
        factory = GstRtspServer.RTSPMediaFactory()
        factory.set_launch(launch)
        factory.set_shared(True)
        mounts.add_factory(path, factory)
    if server.attach(None) == 0:
        print(f"FAILED cannot listen on {args.port}", flush=True)
        return 1
    for path in paths:
        print(f"READY rtsp://127.0.0.1:{args.port}{path}", flush=True)
    loop = GLib.MainLoop()
    # Started by the server or a test: do not outlive it (a killed parent leaves us re-parented).
    parent = os.getppid()

    def parent_alive() -> bool:
        if os.getppid() != parent:
            loop.quit()
            return False
        return True

    GLib.timeout_add_seconds(1, parent_alive)
    for sig in (signal.SIGTERM, signal.SIGINT):
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, sig, loop.quit)
    loop.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
