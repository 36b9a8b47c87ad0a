// SPDX-License-Identifier: GPL-2.0
/*
 * switchwin: make a victim process return to user space on a donor's page tables, through
 * the one deferred-switch window 6.1 still has on CPUs without ASIDs: kthread_use_mm()
 * switches with interrupts off, so check_and_switch_context() only records the switch,
 * then it enables interrupts and calls task_unlock() (a preemption point) before
 * finish_arch_post_lock_switch() does the switch. The kernel itself is not changed: the
 * module only arranges that a wakeup is pending when kthread_use_mm() opens the window.
 * Lab infrastructure for 02-vivt-switch-mm, loaded only inside the guest.
 */
/* pr_debug() goes to the kernel log (dmesg), not to the console that carries the test's report. */
#define DEBUG
#include <linux/completion.h>
#include <linux/fs.h>
#include <linux/kthread.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched/mm.h>
#include <linux/uaccess.h>
#include "switchwin.h"

#if defined(CONFIG_CPU_HAS_ASID) || defined(CONFIG_SMP)
#error "switchwin needs a uniprocessor kernel without ASIDs (ARMv5: versatilepb)"
#endif

static DEFINE_MUTEX(lock);
static DECLARE_COMPLETION(donor_release);
static DECLARE_COMPLETION(victim_go);
static DECLARE_COMPLETION(thread_done);
static struct mm_struct *donor_mm, *victim_mm;
static struct switchwin_result res;
static int window = 1;
static int thread_inside;	/* the thread is inside kthread_use_mm(victim_mm) */

/* TTBR0 with its attribute bits cleared: the physical address of the live tables. */
static u32 ttbr0(void)
{
	u32 v;

	asm volatile("mrc p15, 0, %0, c2, c0, 0" : "=r" (v) : : "memory");
	return v & ~0x3fffU;
}

static int switchwin_thread(void *unused)
{
	int tries;

	/* Lazy mm: after use and unuse the CPU stays on the donor's tables. */
	for (tries = 0; tries < 100; tries++) {
		kthread_use_mm(donor_mm);
		kthread_unuse_mm(donor_mm);
		local_irq_disable();
		if (ttbr0() == virt_to_phys(donor_mm->pgd))
			break;
		local_irq_enable();
		cond_resched();
	}
	res.parked = tries < 100;
	if (!res.parked) {
		complete(&victim_go);
	} else if (res.window) {
		/*
		 * Interrupts are off: the wakeup only marks this thread for preemption. The
		 * real-time victim takes the CPU at kthread_use_mm()'s task_unlock(), with the
		 * switch to its mm recorded but not done.
		 */
		WRITE_ONCE(thread_inside, 1);
		complete(&victim_go);
		kthread_use_mm(victim_mm);
		WRITE_ONCE(thread_inside, 0);
		kthread_unuse_mm(victim_mm);
	} else {
		kthread_use_mm(victim_mm);	/* enables interrupts */
		complete(&victim_go);
		kthread_unuse_mm(victim_mm);
	}
	complete(&thread_done);
	return 0;
}

static long as_donor(void)
{
	long left;

	mutex_lock(&lock);
	if (donor_mm) {
		mutex_unlock(&lock);
		return -EBUSY;
	}
	reinit_completion(&donor_release);
	reinit_completion(&victim_go);
	reinit_completion(&thread_done);
	memset(&res, 0, sizeof(res));
	res.window = window;
	donor_mm = get_task_mm(current);
	mutex_unlock(&lock);
	left = wait_for_completion_killable_timeout(&donor_release, 60 * HZ);
	return left > 0 ? 0 : left ? left : -ETIMEDOUT;
}

static long as_victim(void)
{
	struct task_struct *t;

	mutex_lock(&lock);
	if (!donor_mm || victim_mm) {
		mutex_unlock(&lock);
		return -EAGAIN;
	}
	victim_mm = get_task_mm(current);
	mutex_unlock(&lock);
	t = kthread_run(switchwin_thread, NULL, "switchwin");
	if (IS_ERR(t)) {
		complete(&thread_done);
		return PTR_ERR(t);
	}
	if (!wait_for_completion_timeout(&victim_go, 10 * HZ))
		return -ETIMEDOUT;
	/* Back from schedule(): these are the tables this task returns to user space on. */
	res.ttbr0 = ttbr0();
	res.inside = READ_ONCE(thread_inside);
	res.own_pgd = virt_to_phys(current->mm->pgd);
	res.donor_pgd = virt_to_phys(donor_mm->pgd);
	pr_debug("switchwin: victim %d resumed%s on %s tables (TTBR0 %08x)\n",
	       current->pid, res.inside ? " inside kthread_use_mm()" : "",
	       res.ttbr0 == res.own_pgd ? "its own" : res.ttbr0 == res.donor_pgd ? "the donor's" :
	       "foreign", res.ttbr0);
	return 0;
}

static long end_run(struct switchwin_result __user *out)
{
	long ret = 0;

	mutex_lock(&lock);
	if (victim_mm) {
		wait_for_completion(&thread_done);
		mmput(victim_mm);
		victim_mm = NULL;
	} else {
		ret = -ENODATA;		/* no victim came */
	}
	if (donor_mm) {
		mmput(donor_mm);
		donor_mm = NULL;
		complete(&donor_release);
	}
	if (!ret && copy_to_user(out, &res, sizeof(res)))
		ret = -EFAULT;
	mutex_unlock(&lock);
	return ret;
}

static long switchwin_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case SWITCHWIN_WINDOW:
		window = !!arg;
		return 0;
	case SWITCHWIN_DONOR:
		return as_donor();
	case SWITCHWIN_READY:
		return READ_ONCE(donor_mm) != NULL;
	case SWITCHWIN_VICTIM:
		return as_victim();
	case SWITCHWIN_END:
		return end_run((struct switchwin_result __user *)arg);
	}
	return -ENOTTY;
}

static const struct file_operations switchwin_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = switchwin_ioctl,
};

static struct miscdevice switchwin_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "switchwin",
	.fops = &switchwin_fops,
};
module_misc_device(switchwin_dev);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Lab: a victim returns to user space inside kthread_use_mm()'s deferred switch");
