// SPDX-License-Identifier: GPL-2.0
/*
 * virt - guest detection: CPUID hypervisor leaves, then DMI, then
 * /sys/hypervisor/type
 */
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "source/machine/machine.h"

#define DMI_DIR		"sys/class/dmi/id"
#define HYP_TYPE	"sys/hypervisor/type"

struct cpuid_sig {
	char		sig[13];	/* 12 bytes, NUL padded */
	const char	*name;
};

static const struct cpuid_sig cpuid_sigs[] = {
	{ "KVMKVMKVM",		"KVM" },
	{ "Linux KVM Hv",	"KVM" },
	{ "Microsoft Hv",	"Microsoft Hv" },
	{ "VMwareVMware",	"VMware" },
	{ "XenVMMXenVMM",	"Xen" },
	{ "TCGTCGTCGTCG",	"TCG" },
	{ "VBoxVBoxVBox",	"VirtualBox" },
	{ "prl hyperv  ",	"Parallels" },
	{ " lrpepyh  vr",	"Parallels" },
	{ "bhyve bhyve ",	"bhyve" },
	{ "ACRNACRNACRN",	"ACRN" },
	{ " QNXQVMBSQG ",	"QNX" },
	{ "SRESRESRESRE",	"SRE" },
};

const char *virt_cpuid_hypervisor(const char sig[12])
{
	size_t i;

	for (i = 0; i < sizeof(cpuid_sigs) / sizeof(cpuid_sigs[0]); i++)
		if (!memcmp(sig, cpuid_sigs[i].sig, 12))
			return cpuid_sigs[i].name;
	return NULL;
}

#if defined(__x86_64__) || defined(__i386__)
#define CPUID_HV_PRESENT	(1U << 31)	/* leaf 1, ECX */
#define CPUID_HV_BASE		0x40000000U
#define CPUID_HV_ALT		0x40000100U	/* KVM/Xen behind Hyper-V leaves */

static const char *cpuid_leaf_name(unsigned int leaf)
{
	unsigned int eax, ebx, ecx, edx;
	char sig[12];

	__cpuid(leaf, eax, ebx, ecx, edx);
	(void)eax;
	memcpy(sig, &ebx, 4);
	memcpy(sig + 4, &ecx, 4);
	memcpy(sig + 8, &edx, 4);
	return virt_cpuid_hypervisor(sig);
}

/*
 * True when the hypervisor-present bit is set; *name is the hypervisor
 * its signature names, or NULL. KVM and Xen with Hyper-V enlightenments
 * put "Microsoft Hv" first and their own signature 0x100 further.
 */
static bool cpuid_probe(const char **name)
{
	unsigned int eax, ebx, ecx, edx;
	const char *alt;

	*name = NULL;
	if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & CPUID_HV_PRESENT))
		return false;
	*name = cpuid_leaf_name(CPUID_HV_BASE);
	if (*name && !strcmp(*name, "Microsoft Hv")) {
		alt = cpuid_leaf_name(CPUID_HV_ALT);
		if (alt && (!strcmp(alt, "KVM") || !strcmp(alt, "Xen")))
			*name = alt;
	}
	return true;
}
#else
static bool cpuid_probe(const char **name)
{
	*name = NULL;
	return false;
}
#endif

struct dmi_rule {
	const char	*vendor;	/* prefix of sys_vendor, NULL = any */
	const char	*product;	/* prefix of product_name, NULL = any */
	const char	*not_suffix;	/* product_name ending so is bare metal */
	const char	*name;
};

static const struct dmi_rule dmi_rules[] = {
	{ "QEMU",			NULL,			NULL,	  "QEMU" },
	{ NULL,				"KVM",			NULL,	  "KVM" },
	{ NULL,				"RHEV Hypervisor",	NULL,	  "KVM" },
	{ NULL,				"OpenStack",		NULL,	  "OpenStack" },
	{ "VMware",			NULL,			NULL,	  "VMware" },
	{ NULL,				"VMware",		NULL,	  "VMware" },
	{ "innotek GmbH",		NULL,			NULL,	  "VirtualBox" },
	{ NULL,				"VirtualBox",		NULL,	  "VirtualBox" },
	{ "Microsoft Corporation",	"Virtual Machine",	NULL,	  "Microsoft Hv" },
	{ "Xen",			NULL,			NULL,	  "Xen" },
	{ NULL,				"HVM domU",		NULL,	  "Xen" },
	{ "Amazon EC2",			NULL,			".metal", "Amazon EC2" },
	{ "Google",			"Google Compute Engine", NULL,	  "Google Compute Engine" },
	{ "Parallels",			NULL,			NULL,	  "Parallels" },
	{ "BHYVE",			NULL,			NULL,	  "bhyve" },
	{ "Bochs",			NULL,			NULL,	  "Bochs" },
	{ "Apple Inc.",			"Apple Virtualization",	NULL,	  "Apple Virtualization" },
	{ "DigitalOcean",		"Droplet",		NULL,	  "DigitalOcean" },
	{ "Alibaba Cloud",		"Alibaba Cloud ECS",	NULL,	  "Alibaba Cloud ECS" },
	{ "Nutanix",			"AHV",			NULL,	  "Nutanix AHV" },
};

static bool has_prefix(const char *s, const char *prefix)
{
	return !prefix || !strncmp(s, prefix, strlen(prefix));
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t len = strlen(s), slen;

	if (!suffix)
		return false;
	slen = strlen(suffix);
	return len >= slen && !strcmp(s + len - slen, suffix);
}

const char *virt_dmi_hypervisor(const char *sys_vendor, const char *product_name)
{
	const struct dmi_rule *r;
	size_t i;

	if (!sys_vendor || !product_name || (!*sys_vendor && !*product_name))
		return NULL;
	for (i = 0; i < sizeof(dmi_rules) / sizeof(dmi_rules[0]); i++) {
		r = &dmi_rules[i];
		if (has_prefix(sys_vendor, r->vendor) && has_prefix(product_name, r->product) &&
		    !has_suffix(product_name, r->not_suffix))
			return r->name;
	}
	return NULL;
}

/* First line of @sysroot/@rel without trailing blanks; "" if unreadable. */
static char *read_line(const char *sysroot, const char *rel, char *buf, size_t len)
{
	char path[4096];
	size_t n;
	FILE *f;

	buf[0] = '\0';
	snprintf(path, sizeof(path), "%s/%s", sysroot, rel);
	f = fopen(path, "re");
	if (!f)
		return buf;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	fclose(f);
	n = strlen(buf);
	while (n && strchr(" \t\r\n", buf[n - 1]))
		buf[--n] = '\0';
	return buf;
}

static const char *dmi_probe(const char *sysroot)
{
	char vendor[128], product[128];

	read_line(sysroot, DMI_DIR "/sys_vendor", vendor, sizeof(vendor));
	read_line(sysroot, DMI_DIR "/product_name", product, sizeof(product));
	return virt_dmi_hypervisor(vendor, product);
}

static int set_info(struct virt_info *out, bool guest, const char *name, const char *source)
{
	out->guest = guest;
	snprintf(out->hypervisor, sizeof(out->hypervisor), "%s", name);
	snprintf(out->source, sizeof(out->source), "%s", source);
	return 0;
}

int virt_detect_at(const char *sysroot, bool use_cpuid, struct virt_info *out)
{
	char type[32];
	const char *name = NULL;
	bool cpuid_guest = false;

	if (!sysroot || !out)
		return -1;
	if (use_cpuid)
		cpuid_guest = cpuid_probe(&name);
	if (name)
		return set_info(out, true, name, "cpuid");
	name = dmi_probe(sysroot);
	if (name)
		return set_info(out, true, name, "dmi");
	/* Xen PV guests (and dom0, which Xen schedules too) */
	if (*read_line(sysroot, HYP_TYPE, type, sizeof(type)))
		return set_info(out, true, strcmp(type, "xen") ? type : "Xen", "sys-hypervisor");
	if (cpuid_guest)
		return set_info(out, true, "unknown", "cpuid");
	return set_info(out, false, "none", "none");
}

int virt_detect(struct virt_info *out)
{
	return virt_detect_at("", true, out);
}
