#!/usr/bin/env python3
"""Zeroes every CUDA fat-binary entry of a shared library except those for one architecture.

The CUDA build of llama.cpp (@node-llama-cpp/linux-x64-cuda 3.22.1) carries, for each of its
143 kernel files, PTX for compute_75/80/90 and machine code for sm_86/89/120/121: 160 MB, more
than the device tool can carry. A Hopper GPU (sm_90) can only use the compute_90 PTX, which the
driver compiles at load time, so the other entries are zeroed in place: the file keeps its size
and every fat binary its place (the host code registers each by address), and compresses to a
fraction.

That PTX says `.version 9.1` (CUDA 13.1's compiler), which a CUDA 13.0 driver (580.x) refuses to
compile ("the provided PTX was compiled with an unsupported toolchain") although sm_90 code uses
nothing 9.1 added. PTX_VERSION (9.0 by default) rewrites that line in each kept PTX entry (zstd
unpacked, patched and packed again; the kept entries are written back to back from the fat
binary's start, so a payload that packs a little larger still fits).

usage: fatbin-keep-arch.py IN OUT ARCH [PTX_VERSION]     (ARCH as a number: 90 for sm_90 / compute_90)
"""
import re
import struct
import subprocess
import sys

ZSTD = b'\x28\xb5\x2f\xfd'

MAGIC = struct.pack('<I', 0xBA55ED50)  # a fatbin's header: magic, version (2), header size (2), size (8)


def patch_ptx(payload, size, version):
    """The PTX entry's payload with its .version line set to version, packed as it came."""
    compressed = payload.startswith(ZSTD)
    text = subprocess.run(['zstd', '-dcq'], input=payload[:size], capture_output=True, check=True).stdout \
        if compressed else payload[:size]
    patched, n = re.subn(rb'^\.version \d+\.\d+', b'.version ' + version.encode(), text, count=1, flags=re.M)
    if n == 0 or patched == text:
        return None
    if len(patched) != len(text):
        sys.exit(f'.version {version} changes the PTX length; the entry header keeps the unpacked length')
    return subprocess.run(['zstd', '-19', '-cq'], input=patched, capture_output=True, check=True).stdout \
        if compressed else patched


def main(src, dst, arch, ptx_version='9.0'):
    data = bytearray(open(src, 'rb').read())
    blobs = kept = zeroed = patched = 0
    i = data.find(MAGIC)
    while i >= 0:
        version, header, size = struct.unpack_from('<HHQ', data, i + 4)
        if header != 16 or size == 0 or i + 16 + size > len(data):
            i = data.find(MAGIC, i + 4)
            continue
        blobs += 1
        entries, p, end = [], i + 16, i + 16 + size
        while p < end:
            # an entry: kind (2; 1 PTX, 2 ELF), version (2), header size (4), padded payload size (8),
            # payload size (4) at 16, ..., architecture (4) at 28
            kind, _, eh, padded = struct.unpack_from('<HHIQ', data, p)
            if eh == 0:
                break
            entries.append((bytearray(data[p:p + eh]), bytes(data[p + eh:p + eh + padded]), kind,
                            struct.unpack_from('<I', data, p + 28)[0]))
            p += eh + padded
        keep = [e for e in entries if e[3] == arch]
        if not keep:
            sys.exit(f'{src}: fat binary {blobs} at offset {i} has no entry for architecture {arch}')
        # The blob is rewritten in place with only the kept entries; it starts where it did (the
        # host code registers it by address) and the bytes it no longer uses become zeros.
        out = bytearray()
        for head, payload, kind, _ in keep:
            if kind == 1 and ptx_version:
                new = patch_ptx(payload, struct.unpack_from('<I', head, 16)[0], ptx_version)
                if new is not None:
                    patched += 1
                    padded = (len(new) + 15) // 16 * 16
                    struct.pack_into('<Q', head, 8, padded)
                    struct.pack_into('<I', head, 16, len(new))
                    payload = new + bytes(padded - len(new))
            kept += len(payload)
            out += head + payload
        if len(out) > size:
            sys.exit(f'{src}: fat binary {blobs} at offset {i} would grow from {size} to {len(out)} bytes')
        zeroed += size - len(out)
        struct.pack_into('<Q', data, i + 8, len(out))
        data[i + 16:end] = out + bytes(size - len(out))
        i = data.find(MAGIC, end)
    if blobs == 0:
        sys.exit(f'{src}: no CUDA fat binary found')
    open(dst, 'wb').write(data)
    print(f'{src}: {blobs} fat binaries; kept {kept:,} bytes for {arch}, zeroed {zeroed:,};'
          f' PTX set to .version {ptx_version} in {patched}')


if __name__ == '__main__':
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), *sys.argv[4:])
