"""What the benchmark scripts print about the machine they ran on (bench_dask.py, bench_peers.py)."""

import platform


def cpu_fields():
    """The first value of each field of /proc/cpuinfo (empty where there is none)."""
    fields = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if ":" in line:
                    k, v = (x.strip() for x in line.split(":", 1))
                    fields.setdefault(k, v)
    except OSError:
        pass
    return fields


def cpu_model():
    """The CPU's name and family/model (Zen 4 and Zen 5 share the name "AMD EPYC")."""
    fields = cpu_fields()
    name = fields.get("model name") or platform.processor() or platform.machine()
    if "cpu family" in fields:
        name += f" (family {fields['cpu family']} model {fields.get('model', '?')})"
    return name
