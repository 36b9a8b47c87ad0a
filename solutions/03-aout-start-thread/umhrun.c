// SPDX-License-Identifier: GPL-2.0
/*
 * umhrun: start a program the way the kernel starts its helpers, with
 * call_usermodehelper() from a kernel thread, and report how it ended. Write a command
 * line to /sys/kernel/debug/lab_umh, then read back the wait status (0: exit 0; 11: killed
 * by SIGSEGV) or a negative errno. Lab infrastructure for 03-aout-start-thread, not part of
 * the exercise; built against the stage's kernel and loaded only inside the guest.
 */
#include <linux/debugfs.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/umh.h>

static struct dentry *file;
static int status = -ENODATA;

static ssize_t umh_write(struct file *f, const char __user *ubuf, size_t len, loff_t *pos)
{
	static char *envp[] = { "HOME=/", "PATH=/bin:/sbin", NULL };
	char *cmd = memdup_user_nul(ubuf, len);
	char **argv;
	int argc;

	if (IS_ERR(cmd))
		return PTR_ERR(cmd);
	argv = argv_split(GFP_KERNEL, strim(cmd), &argc);
	kfree(cmd);
	if (!argv)
		return -ENOMEM;
	status = argc ? call_usermodehelper(argv[0], argv, envp, UMH_WAIT_PROC) : -EINVAL;
	argv_free(argv);
	return len;
}

static ssize_t umh_read(struct file *f, char __user *ubuf, size_t len, loff_t *pos)
{
	char buf[16];

	return simple_read_from_buffer(ubuf, len, pos, buf,
				       scnprintf(buf, sizeof(buf), "%d\n", status));
}

static const struct file_operations umh_fops = {
	.owner = THIS_MODULE,
	.read = umh_read,
	.write = umh_write,
};

static int __init umhrun_init(void)
{
	file = debugfs_create_file("lab_umh", 0600, NULL, NULL, &umh_fops);
	return 0;
}

static void __exit umhrun_exit(void)
{
	debugfs_remove(file);
}

module_init(umhrun_init);
module_exit(umhrun_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("3.11 review lab: run a program with call_usermodehelper()");
