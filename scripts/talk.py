"""Talk to the running assistant over the REST channel, as a resident would by text."""

from __future__ import annotations

import argparse
import json
import urllib.request
import uuid


def send(url: str, sender: str, text: str, jurisdiction: str) -> list[str]:
    body = json.dumps(
        {"sender": sender, "message": text, "metadata": {"jurisdiction": jurisdiction}}
    ).encode()
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return [m.get("text", "") for m in json.load(response)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", default="http://localhost:5005/webhooks/rest/webhook")
    parser.add_argument("--jurisdiction", default="kellogg")
    parser.add_argument("--sender", default=f"dev-{uuid.uuid4().hex[:8]}")
    args = parser.parse_args()
    print(f"Texting the {args.jurisdiction} line as {args.sender}. Ctrl-D to stop.")
    while True:
        try:
            text = input("you> ")
        except EOFError:
            print()
            return
        for reply in send(args.url, args.sender, text, args.jurisdiction):
            print(f"bot> {reply}")


if __name__ == "__main__":
    main()
