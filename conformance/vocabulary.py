"""The corpus's vocabulary: the closed tag list and each metric's inputs and keywords.

Two files beside the JSON Schemas in ``oracle/schema/`` (``tags.json``, ``signatures.json``, and the spec
sections of conformance/spec_sections.py),
written by the generators (generators/tags.py, generators/signatures.py) and kept fresh by
``parity generate --check``; like the schemas they are not case files, so the manifest does not
list them and corpus readers skip them (docs/decisions/0018).  ``parity lint`` reads them to check what
a case means, not only its shape (conformance/lint.py), with no scikit-learn installed.

``python -m conformance.vocabulary`` writes docs/tags.md from the tag list; a test checks that the
committed page is what it writes.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from conformance.corpus import SCHEMA_DIR, bundled_oracle
from conformance.spec_sections import SPEC_SECTIONS, load_sections

TAGS = f"{SCHEMA_DIR}/tags.json"
SIGNATURES = f"{SCHEMA_DIR}/signatures.json"
PAGE = Path("docs") / "tags.md"


@dataclass(frozen=True)
class Vocabulary:
    tags: dict  # the document of tags.json
    signatures: dict  # metric -> {"function", "inputs", "keywords"}
    # page -> section anchors a case's spec may cite (None: no sections file, so none is checked), and whether
    # the corpus ships its own, which makes the spec field expected of every case (decision 0019).
    spec_sections: dict | None = None
    spec_required: bool = False

    def tag_names(self) -> set[str]:
        return set(self.tags["tags"]) | {m for family in self.tags["families"].values() for m in family["members"]}


def vocabulary_root(root: Path) -> Path:
    """Where the vocabulary of the corpus at ``root`` lives: its own, or the bundled corpus's."""
    if (root / TAGS).is_file():
        return root
    return bundled_oracle()


def load_vocabulary(root: Path) -> Vocabulary:
    base = vocabulary_root(Path(root))
    tags = json.loads((base / TAGS).read_text(encoding="utf-8"))
    signatures = json.loads((base / SIGNATURES).read_text(encoding="utf-8"))
    own = (Path(root) / SPEC_SECTIONS).is_file()
    sections = load_sections(Path(root) if own else bundled_oracle())
    return Vocabulary(tags=tags, signatures=signatures["metrics"], spec_sections=sections, spec_required=own)


def render_tags_page(tags: dict) -> str:
    """docs/tags.md: one heading per tag (its anchor is the tag itself), one line under each."""
    lines = [
        "# Tags",
        "",
        "<!-- Written by `python -m conformance.vocabulary` from oracle/schema/tags.json; do not edit. -->",
        "",
        "The closed list of the tags a case may carry ([decision 0018](decisions/0018-closed-tags-and-signatures.md)).",
        "`parity lint` refuses a case tag that is not here, and the generators refuse to write one.",
        "A port selects cases by tag (`parity verify --only TAG`, a port.yaml `tags:` selector); each tag's",
        "anchor on this page is the tag itself (`docs/tags.md#zero-division`).",
        "The plain tags are written by hand in `generators/tags.py`; the members of each family are listed",
        "from the code that owns their names.",
        "",
        "## Plain tags",
        "",
    ]
    for tag, entry in tags["tags"].items():
        lines += [f"### {tag}", "", entry["meaning"], ""]
    for name, family in tags["families"].items():
        lines += [f"## Family `{name}-*`", "", family["meaning"], ""]
        for tag, entry in family["members"].items():
            where = f" (readings of {', '.join(entry['families'])})" if entry.get("families") else ""
            lines += [f"### {tag}", "", entry["meaning"] + where, ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: list[str] | None = None) -> int:
    repo = Path(__file__).resolve().parent.parent
    page = repo / PAGE
    tags = json.loads((bundled_oracle() / TAGS).read_text(encoding="utf-8"))
    page.write_text(render_tags_page(tags), encoding="utf-8")
    print(f"wrote {page}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
