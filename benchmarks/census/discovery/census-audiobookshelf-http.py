import subprocess
R = r"""(?:router)\.(?:get|post|patch|put|delete)\(\s*['"]/?(?P<k>[^'"]+)['"]"""
D = r"""\$axios\s*\.\s*\$(?:get|post|patch|put|delete)\(\s*['"`]/?(?:api/)?(?P<k>[^'"`?$]+)['"`?]"""
print(subprocess.run(["python3", "census.py", "repos/advplyr+audiobookshelf", "advplyr+audiobookshelf-nopreset.db", R, D], capture_output=True, text=True).stdout)
