# Installs the library with a CMake package config so that find_package(futolab) works in a
# user's own project (tested in CI by tests/consumer).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# futolab::futolab is every layer's static library (futolab_core, futolab_solvers, …).
install(TARGETS libfutolab futolab_core futolab_solvers futolab_generators futolab_critical futolab_records
  futolab_sandbox futolab_experiments futolab_analysis EXPORT futolabTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS futolab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})  # the CLI: not an imported target
foreach(dir core solvers records sandbox experiments analysis generators critical)
  install(DIRECTORY ${dir}/ DESTINATION include/futolab/${dir} FILES_MATCHING PATTERN "*.hpp")
endforeach()
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/generated/futolab_version.hpp DESTINATION include/futolab)

set(_cfgdir ${CMAKE_INSTALL_LIBDIR}/cmake/futolab)
install(EXPORT futolabTargets NAMESPACE futolab:: DESTINATION ${_cfgdir})
configure_package_config_file(cmake/futolabConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/futolabConfig.cmake INSTALL_DESTINATION ${_cfgdir})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/futolabConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/futolabConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/futolabConfigVersion.cmake cmake/FindGecode.cmake
  DESTINATION ${_cfgdir})
