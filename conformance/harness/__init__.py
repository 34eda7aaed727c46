"""The port harness: protocol v1, port manifests, `parity verify`.

Modules, each holding one thing:

* :mod:`.protocol`  - the messages and their checks (schemas in conformance/protocol_schema/)
* :mod:`.process`   - one port process over non-blocking pipes
* :mod:`.manifest`  - port.yaml: loading, validation, divergence selectors
* :mod:`.judging`   - answer -> status; declared divergences
* :mod:`.live`      - running cases through a live port: window, timeouts, restarts
* :mod:`.offline`   - judging a results file written by a port's own test suite
* :mod:`.selection` - --only
* :mod:`.record`    - the streamed run record (JSON lines)
* :mod:`.summary`   - the closing summary and the progress bar
* :mod:`.verify`    - one whole run, tying the above together
"""

from conformance.harness.live import CommandNotFound, Options
from conformance.harness.manifest import ManifestError, PortManifest, load_manifest
from conformance.harness.verify import VerifyResult, verify

__all__ = ["CommandNotFound", "ManifestError", "Options", "PortManifest", "VerifyResult", "load_manifest", "verify"]
